import sanitizeHtml from 'sanitize-html';

/**
 * Stored rich text as it may reach a reader: text formatting, headings, lists, tables, links and
 * images only. Scripts, styles, event handlers, frames and `javascript:` addresses are removed;
 * images load lazily; links that open a new tab cannot reach back to this page.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'small',
    'mark',
    'span',
    'blockquote',
    'q',
    'cite',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'abbr',
    'time',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel', 'lang'],
    img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start', 'reversed', 'type'],
    abbr: ['title'],
    time: ['datetime'],
    '*': ['lang'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // Images come from the site's own files only: the page's security policy blocks other hosts.
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }),
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs: Object.fromEntries(Object.entries(attribs).filter(([k]) => k !== 'target')) },
  },
};

/** Rich text made safe to insert into a page. */
export function sanitizeRichText(html: string | null | undefined): string {
  return html ? sanitizeHtml(html, OPTIONS) : '';
}
