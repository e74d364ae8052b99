/** What a page tells the document head: title, description and how a shared link looks. */
export interface PageMeta {
  /** A title already in the reader's language (the layout adds the society's name). */
  title: string;
  description?: string;
  /** The picture a shared link shows (Open Graph), e.g. an article's cover. */
  image?: ShareImage;
  /** `article` for an article or event, otherwise `website`. */
  ogType?: 'website' | 'article';
  /** Keep the page out of search engines (previews). */
  noindex?: boolean;
}

export interface ShareImage {
  fileId: number;
  width?: number | null;
  height?: number | null;
  alt?: string;
}
