import { HTML_LANG, LOCALES, type Locale } from './locales';
import { localePath } from './paths';

/** Text made safe inside XML elements and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}

export interface SitemapPage {
  /** The unprefixed path, e.g. `/article/detail/3`. */
  path: string;
  lastModified?: Date | null;
}

/**
 * `sitemap.xml` (sitemaps.org 0.9): every page once per language, each naming its other-language
 * versions (`xhtml:link` alternates and an `x-default`), so search engines show the reader's language.
 */
export function sitemapXml(pages: SitemapPage[], origin: string): string {
  const url = (path: string, locale: Locale) => escapeXml(new URL(localePath(path, locale), origin).href);
  const entries = pages.flatMap((page) =>
    LOCALES.map((locale) =>
      [
        '<url>',
        `<loc>${url(page.path, locale)}</loc>`,
        page.lastModified ? `<lastmod>${page.lastModified.toISOString()}</lastmod>` : '',
        ...LOCALES.map(
          (other) => `<xhtml:link rel="alternate" hreflang="${HTML_LANG[other]}" href="${url(page.path, other)}"/>`,
        ),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${url(page.path, 'zh-tw')}"/>`,
        '</url>',
      ].join(''),
    ),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

export interface FeedChannel {
  title: string;
  description: string;
  /** The site's address of the list the feed follows, absolute. */
  link: string;
  /** The feed's own address, absolute. */
  self: string;
  locale: Locale;
}

export interface FeedItem {
  title: string;
  description: string;
  /** Absolute address of the item's page; also its guid. */
  link: string;
  category?: string;
  published: Date;
}

/** An RSS 2.0 feed with its Atom self link. */
export function rssXml(channel: FeedChannel, items: FeedItem[]): string {
  const newest = items.reduce<Date | null>((a, i) => (!a || i.published > a ? i.published : a), null);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${escapeXml(channel.title)}</title>`,
    `<link>${escapeXml(channel.link)}</link>`,
    `<description>${escapeXml(channel.description)}</description>`,
    `<language>${HTML_LANG[channel.locale]}</language>`,
    `<atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml"/>`,
    newest ? `<lastBuildDate>${newest.toUTCString()}</lastBuildDate>` : '',
    ...items.map((item) =>
      [
        '<item>',
        `<title>${escapeXml(item.title)}</title>`,
        `<link>${escapeXml(item.link)}</link>`,
        `<guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
        `<description>${escapeXml(item.description)}</description>`,
        item.category ? `<category>${escapeXml(item.category)}</category>` : '',
        `<pubDate>${item.published.toUTCString()}</pubDate>`,
        '</item>',
      ].join(''),
    ),
    '</channel>',
    '</rss>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n');
}
