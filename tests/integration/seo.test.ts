import { describe, expect, it } from 'vitest';
import { page } from './helpers';

describe('robots.txt', () => {
  it('lets crawlers read public pages, keeps personal areas and previews out, and names the sitemap', async () => {
    const res = await page('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.html).toContain('User-agent: *');
    for (const area of ['/member/', '/en-us/member/', '/preview/', '/en-us/preview/', '/organ/center', '/api/']) {
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
