import { describe, expect, it } from 'vitest';
import { escapeXml, rssXml, sitemapXml } from './feeds';

describe('escapeXml', () => {
  it('escapes markup characters', () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
    );
  });
});

describe('sitemapXml', () => {
  it('lists each page in both languages with alternates', () => {
    const xml = sitemapXml([{ path: '/news/list', lastModified: new Date('2026-11-01T00:00:00Z') }], 'https://s.org');
    expect(xml).toContain('<loc>https://s.org/news/list</loc>');
    expect(xml).toContain('<loc>https://s.org/en-us/news/list</loc>');
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(xml).toContain('hreflang="en-US" href="https://s.org/en-us/news/list"');
    expect(xml).toContain('hreflang="x-default" href="https://s.org/news/list"');
    expect(xml).toContain('<lastmod>2026-11-01T00:00:00.000Z</lastmod>');
  });

  it('gives the home page its language roots', () => {
    const xml = sitemapXml([{ path: '/' }], 'https://s.org');
    expect(xml).toContain('<loc>https://s.org/</loc>');
    expect(xml).toContain('<loc>https://s.org/en-us/</loc>');
  });
});

describe('rssXml', () => {
  it('writes a channel with escaped items', () => {
    const xml = rssXml(
      {
        title: 'News & notes',
        description: 'd',
        link: 'https://s.org/news/list',
        self: 'https://s.org/rss.xml',
        locale: 'zh-tw',
      },
      [
        {
          title: 'A <b>',
          description: 'x',
          link: 'https://s.org/article/detail/1',
          category: 'C',
          published: new Date('2026-11-02T00:00:00Z'),
        },
      ],
    );
    for (const part of [
      '<title>News &amp; notes</title>',
      '<language>zh-Hant-TW</language>',
      '<title>A &lt;b&gt;</title>',
      '<guid isPermaLink="true">https://s.org/article/detail/1</guid>',
      '<pubDate>Mon, 02 Nov 2026 00:00:00 GMT</pubDate>',
      '<lastBuildDate>Mon, 02 Nov 2026 00:00:00 GMT</lastBuildDate>',
    ])
      expect(xml).toContain(part);
  });
});
