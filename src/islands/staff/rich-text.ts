/**
 * What the staff's rich-text editor can hold without losing anything: the tags (and their
 * attributes) its schema keeps, and the link addresses it accepts. A stored text with anything
 * else (a table, a picture from elsewhere, a `lang` mark) opens as HTML source instead, so saving never drops it.
 * The server's sanitiser (src/server/services/content/sanitize-html.ts) stays the one guard; this
 * list only has to be narrower than its list.
 */
const KEPT: Record<string, readonly string[]> = {
  p: [],
  br: [],
  hr: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  code: [],
  pre: [],
  ul: [],
  ol: ['start', 'type'],
  li: [],
  blockquote: [],
  a: ['href', 'title', 'target', 'rel'],
  // A picture of the society's files (the sanitiser adds `loading` and `decoding`, the editor keeps the rest).
  img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
};

/** A picture the editor holds: one of the society's files, by its address on this site. */
export function pictureAllowed(src: string): boolean {
  return /^\/api\/amsw1002\?fileId=\d+$/.test(src);
}

/** A link the editor makes: http(s), mailto, tel, or a path on this site (`/…`, not `//host`). */
export function linkAllowed(href: string): boolean {
  const address = href.trim();
  return /^(https?:\/\/[^\s/]|mailto:\S|tel:[+\d(])/i.test(address) || /^\/(?!\/)/.test(address);
}

/**
 * The tags of `html` the editor would drop or change (a tag it has no place for, an attribute it
 * does not keep, a link address it does not make), each named once, in order of appearance. Empty
 * when the editor can hold the text as it is. Parsed in an inert template: nothing loads or runs.
 */
export function unkeptTags(html: string): string[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  const found = new Set<string>();
  for (const element of template.content.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    const attributes = KEPT[tag];
    const kept =
      attributes !== undefined &&
      element.getAttributeNames().every((name) => attributes.includes(name)) &&
      (tag !== 'a' || linkAllowed(element.getAttribute('href') ?? '')) &&
      (tag !== 'img' || pictureAllowed(element.getAttribute('src') ?? ''));
    if (!kept) found.add(`<${tag}>`);
  }
  return [...found];
}
