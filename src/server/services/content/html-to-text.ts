import sanitizeHtml from 'sanitize-html';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** Rich text as plain text: block ends become line breaks, tags and scripts go, entities are decoded. */
export function htmlToText(html: string): string {
  const marked = html
    .replace(/<\/t[hd]>/gi, '$& ')
    .replace(/<(br\s*\/?|\/p|\/li|\/h[1-6]|\/tr|\/div|\/blockquote)\b[^>]*>/gi, '$&\n');
  return sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
