import { describe, expect, it } from 'vitest';
import { api, page } from './helpers';

describe('robots.txt', () => {
  it('lets crawlers read public pages, keeps personal areas and previews out, and names the sitemap', async () => {
    const res = await page('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.html).toContain('User-agent: *');
    for (const area of [
      '/member/',
      '/en-us/member/',
      '/preview/',
      '/en-us/preview/',
      '/ticket/',
      '/en-us/ticket/',
      '/door',
      '/en-us/door',
      '/organ/center',
      '/api/',
    ]) {
      expect(res.html).toContain(`Disallow: ${area}\n`);
    }
    expect(res.html).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);
  });
});

describe('sitemap.xml', () => {
  it('lists the public pages in both languages with their alternates', async () => {
    const res = await page('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(res.headers.get('cache-control')).toMatch(/public/);
    const locs = [...res.html.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    for (const path of ['/', '/en-us/', '/news/list', '/en-us/news/list', '/event/calendar', '/en-us/externalPost']) {
      expect(locs).toContain(path);
    }
    expect(locs.some((p) => p.startsWith('/member/') || p.startsWith('/preview/'))).toBe(false);
    expect(res.html).toContain('hreflang="en-US"');
    expect(res.html).toContain('hreflang="x-default"');
  });
});

describe('the news feed', () => {
  it.each([
    ['/rss.xml', 'zh-Hant-TW', '最新消息', '/article/detail/'],
    ['/en-us/rss.xml', 'en-US', 'News', '/en-us/article/detail/'],
  ])('%s lists the published news in its language', async (path, lang, title, itemPath) => {
    const res = await page(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    expect(res.html).toContain(`<language>${lang}</language>`);
    expect(res.html).toMatch(new RegExp(`<title>[^<]+ – ${title}</title>`));
    const links = [...res.html.matchAll(/<item><title>[^<]*<\/title><link>([^<]+)<\/link>/g)].map(
      (m) => new URL(m[1]!).pathname,
    );
    expect(links.length).toBeGreaterThan(10);
    expect(links.every((l) => l.startsWith(itemPath))).toBe(true);
    const { body } = await api<{ list: { articleId: number }[] }>('/api/amsw0301?pageSize=20', {
      lang: lang === 'en-US' ? 'en-us' : 'zh-tw',
    });
    expect(links).toEqual(body.data.list.map((a) => `${itemPath}${a.articleId}`));
  });

  it('is announced in the head of every page', async () => {
    const { html } = await page('/en-us/news/list');
    expect(html).toMatch(/<link rel="alternate" type="application\/rss\+xml" title="[^"]+" href="\/en-us\/rss\.xml"/);
  });
});

describe('sitemap.xml with content', () => {
  it('names every published article and event, and no draft', async () => {
    const { html } = await page('/sitemap.xml');
    const locs = new Set([...html.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname));
    // Every published article, over as many pages of fifty as there are.
    const published: number[] = [];
    for (let n = 1; ; n += 1) {
      const articles = await api<{ list: { articleId: number }[]; total: number; totalPages: number }>(
        `/api/amsw0301?pageSize=50&page=${n}`,
      );
      published.push(...articles.body.data.list.map((a) => a.articleId));
      if (n >= articles.body.data.totalPages) {
        expect(published.length).toBe(articles.body.data.total);
        break;
      }
    }
    for (const id of published) {
      expect(locs).toContain(`/article/detail/${id}`);
      expect(locs).toContain(`/en-us/article/detail/${id}`);
    }
    const articleIds = [...locs].flatMap((l) => /^\/article\/detail\/(\d+)$/.exec(l)?.[1] ?? []).map(Number);
    expect(articleIds.sort((x, y) => x - y)).toEqual(published.sort((x, y) => x - y));
    const events = await api<{ list: { eventId: number }[] }>('/api/amsw0302?when=all&pageSize=50');
    for (const e of events.body.data.list) expect(locs).toContain(`/event/detail/${e.eventId}`);
    const eventIds = [...locs].filter((l) => /^\/event\/detail\/\d+$/.test(l));
    expect(eventIds).toHaveLength(events.body.data.list.length);
    const journals = await api<{ journalList: { journalListId: number }[] }>('/api/amsw0303');
    for (const j of journals.body.data.journalList) expect(locs).toContain(`/journals/${j.journalListId}`);
    expect(locs).toContain('/about/history');
  });
});

describe('canonical addresses of list pages', () => {
  const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? '';

  it('keep the page, past events and the month, in both languages', async () => {
    const news = await page('/en-us/news/list?page=2');
    expect(new URL(canonical(news.html)).pathname + new URL(canonical(news.html)).search).toBe(
      '/en-us/news/list?page=2',
    );
    expect(news.html).toMatch(/hreflang="zh-Hant-TW" href="http:\/\/[^"]+\/news\/list\?page=2"/);
    const past = await page('/event/list?when=past');
    expect(canonical(past.html)).toMatch(/\/event\/list\?when=past$/);
    const month = await page('/en-us/event/calendar?month=2026-10');
    expect(canonical(month.html)).toMatch(/\/en-us\/event\/calendar\?month=2026-10$/);
    const first = await page('/news/list?page=1');
    expect(canonical(first.html)).toMatch(/\/news\/list$/);
    expect(first.html).not.toContain('name="robots"');
  });

  it('keep search results and pages past the last out of search engines', async () => {
    expect((await page('/news/list?keyword=2027')).html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect((await page('/event/list?page=99')).html).toContain('<meta name="robots" content="noindex, nofollow">');
  });
});
