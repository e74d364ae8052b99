import { describe, expect, it } from 'vitest';
import { page } from './helpers';

describe('the home page', () => {
  it.each([
    ['/', 'zh-Hant-TW', '臺灣臨床繼續教育醫學會', '/', '跳到主要內容'],
    ['/zh-tw/', 'zh-Hant-TW', '臺灣臨床繼續教育醫學會', '/', '跳到主要內容'],
    ['/en-us/', 'en-US', 'Taiwan Society for Continuing Clinical Education', '/en-us/', 'Skip to main content'],
  ])('answers %s in its language with hreflang and canonical links', async (path, lang, name, canonical, skip) => {
    const res = await page(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.html).toContain(`<html lang="${lang}"`);
    expect(res.html).toMatch(new RegExp(`<title>[^<]*${name}[^<]*</title>`));
    expect(res.html).toMatch(/<link rel="alternate" hreflang="zh-Hant-TW" href="http:\/\/[^"]+\/"/);
    expect(res.html).toMatch(/<link rel="alternate" hreflang="en-US" href="http:\/\/[^"]+\/en-us\/"/);
    expect(res.html).toMatch(new RegExp(`<link rel="canonical" href="http://[^"/]+${canonical}"`));
    // The skip link to the main content (the browser test tabs to it on the English page alone).
    expect(res.html).toMatch(new RegExp(`<a href="#main"[^>]*>${skip}</a>`));
    expect(res.html).toContain('<main id="main"');
  });

  it('renders every block from the database on the server', async () => {
    const { html } = await page('/en-us/');
    expect(html).toContain('aria-roledescription="carousel"');
    expect(html).toContain('Latest news');
    expect(html).toContain('Upcoming events');
    expect(html).toContain('Member services');
    expect(html).toContain('Related links');
    expect(html).toContain('service@tscce.example.org');
  });

  it('carries the security headers and a request id', async () => {
    const { headers } = await page('/');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(headers.get('content-security-policy')).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });

  it('sends a reader who chose English from an unprefixed address to the English page', async () => {
    const res = await page('/', { headers: { Cookie: 'ams-locale=en-us' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/en-us/');
    const zh = await page('/', { headers: { Cookie: 'ams-locale=zh-tw' } });
    expect(zh.status).toBe(200);
  });
});

describe('not found', () => {
  it('answers unknown routes with 404 and `Page not found: {path}` in both languages', async () => {
    const zh = await page('/no/such/page');
    expect(zh.status).toBe(404);
    expect(zh.html).toContain('Page not found: /no/such/page');
    expect(zh.html).toContain('回到首頁');
    const en = await page('/en-us/no/such/page');
    expect(en.status).toBe(404);
    expect(en.html).toContain('Page not found: /en-us/no/such/page');
    expect(en.html).toContain('Back to home');
  });

  it('answers a route whose parameter fails validation with 404 and `Page Not Found: {path}`', async () => {
    const res = await page('/imageLink/abc');
    expect(res.status).toBe(404);
    expect(res.html).toContain('Page Not Found: /imageLink/abc');
  });
});

describe('the front cache', () => {
  it('serves a repeated anonymous read from memory, but never a request with a session', async () => {
    await page('/api/amsw0202?cache-probe=1');
    const second = await page('/api/amsw0202?cache-probe=1');
    expect(second.headers.get('x-cache')).toBe('hit');
    const withSession = await page('/api/amsw0202?cache-probe=1', { headers: { Cookie: 'ams-session=abc' } });
    expect(withSession.headers.get('x-cache')).toBe('bypass');
  });

  it('keeps the English and Chinese answers apart', async () => {
    const zh = await page('/api/amsw0201/webInfo', { headers: { Lang: 'zh-tw' } });
    const en = await page('/api/amsw0201/webInfo', { headers: { Lang: 'en-us' } });
    const en2 = await page('/api/amsw0201/webInfo', { headers: { Lang: 'en-us' } });
    expect(JSON.parse(zh.html).data.name).toBe('臺灣臨床繼續教育醫學會');
    expect(JSON.parse(en2.html).data.name).toBe('Taiwan Society for Continuing Clinical Education');
    expect(en.html).toBe(en2.html);
  });

  it('never keeps personal pages: a page is no-store unless it declares itself public', async () => {
    const notFound = await page('/no/such/page');
    expect(notFound.headers.get('cache-control')).toBe('no-store');
    const home = await page('/');
    expect(home.headers.get('cache-control')).toMatch(/public/);
  });
});

describe('static files', () => {
  it('serves the 404 image with caching headers', async () => {
    const res = await page('/images/404.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('etag')).toBeTruthy();
  });
});

describe('the footer', () => {
  it.each(['/', '/en-us/'])('on %s links only to pages that exist', async (home) => {
    const { html } = await page(home);
    const footer = html.slice(html.lastIndexOf('<footer'));
    const links = [...footer.matchAll(/href="(\/[^"]*)"/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThanOrEqual(2);
    for (const link of links) expect((await page(link)).status, link).toBe(200);
  });
});
