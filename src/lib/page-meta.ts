/** What a page tells the document head: title, description and how a shared link looks. */
export interface PageMeta {
  /** A title already in the reader's language (the layout adds the society's name). */
  title: string;
  description?: string;
  /** The picture a shared link shows (Open Graph), e.g. an article's cover. */
  image?: ShareImage;
  /** `article` for an article or event, otherwise `website`. */
  ogType?: 'website' | 'article';
  /** Keep the page out of search engines (previews, search results, pages past the last). */
  noindex?: boolean;
  /**
   * The query that makes this page a page of its own for search engines (a list's `page`, past
   * events, a calendar month); it is kept in the canonical and language links. Page 1 and empty
   * values are left out.
   */
  canonicalQuery?: Record<string, string | number | undefined>;
}

export interface ShareImage {
  fileId: number;
  width?: number | null;
  height?: number | null;
  alt?: string;
}
