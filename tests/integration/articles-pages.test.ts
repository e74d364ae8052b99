import { describe, expect, it } from 'vitest';
import { page, previewToken } from './helpers';
import { articleTitled, categories, DRAFT_TITLE, unpublishedArticleId, WITHDRAWN_TITLE } from './articles-lookup';

const LOCALES = [
  { prefix: '', lang: 'zh-Hant-TW' },
  { prefix: '/zh-tw', lang: 'zh-Hant-TW' },
  { prefix: '/en-us', lang: 'en-US' },
] as const;

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';

describe('article list pages', () => {
  it.each(LOCALES)('answer at $prefix/… in their language, with public caching', async ({ prefix, lang }) => {
    const about = (await categories()).find((c) => c.name === 'About the society')!;
    const en = prefix === '/en-us';
    const routes: [string, string][] = [
      ['/news/list', en ? 'News' : '最新消息'],
      ['/news/card', en ? 'News' : '最新消息'],
      ['/article/list', en ? 'Articles' : '文章'],
      ['/article/card', en ? 'Articles' : '文章'],
      [`/article/list/${about.articleCategoryId}`, en ? 'About the society' : '關於學會'],
      [`/article/card/${about.articleCategoryId}?page=1&keyword=board`, en ? 'About the society' : '關於學會'],
    ];
    for (const [path, title] of routes) {
      const res = await page(`${prefix}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.html).toContain(`<html lang="${lang}"`);
      expect(titleOf(res.html).startsWith(`${title} | `), `${path}: ${titleOf(res.html)}`).toBe(true);
      expect(res.headers.get('cache-control')).toMatch(/^public/);
    }
  });

  it('lists ten articles a page with links to each and to the other pages', async () => {
    const res = await page('/en-us/news/list');
    expect(res.html.match(/href="\/en-us\/article\/detail\/\d+"/g)).toHaveLength(10);
    expect(res.html).toContain('href="/en-us/news/list?page=2"');
    expect(res.html).toContain('aria-current="page" aria-label="Page 1, current page"');
    const second = await page('/en-us/news/list?page=2');
    expect(second.html).toContain('aria-label="Page 2, current page"');
  });

  it('shows a category’s name and description, and only its articles', async () => {
    const about = (await categories()).find((c) => c.name === 'About the society')!;
    const res = await page(`/en-us/article/list/${about.articleCategoryId}`);
    expect(res.html).toContain('<h1 class="text-3xl font-bold">About the society</h1>');
    expect(res.html).toContain(about.description.replace(/'/g, '&#39;'));
    expect(res.html).toContain('Society history');
    expect(res.html).not.toContain('Annual membership dues for 2027');
  });

  it('says when a search finds nothing, and when a page is past the last', async () => {
    const none = await page('/en-us/news/list?keyword=no-such-words-here');
    expect(none.status).toBe(200);
    expect(none.html).toContain('Nothing matches. Try other keywords.');
    expect(none.html).toContain('Clear search');
    const beyond = await page('/en-us/news/list?page=99');
    expect(beyond.status).toBe(200);
    expect(beyond.html).toContain('There is nothing on this page.');
    expect(beyond.html).toContain('href="/en-us/news/list"');
  });

  it.each([
    '/news/grid',
    '/news/detail',
    '/news/list?page=0',
    '/news/list?page=abc',
    '/news/list?pageSize=51',
    `/news/list?keyword=${'x'.repeat(101)}`,
    '/article/grid',
    '/article/detail',
    '/article/list/abc',
    '/article/list/0',
    '/article/list/1/2',
    '/article/card?page=-1',
    '/article/detail/abc',
    '/article/detail/1.5',
    '/en-us/article/detail/abc',
  ])('answers %s with 404 "Page Not Found"', async (path) => {
    const res = await page(path);
    expect(res.status).toBe(404);
    expect(res.html).toContain(`Page Not Found: ${path.split('?')[0]}`);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers a well-formed unknown category with 404 "Page not found"', async () => {
    const res = await page('/article/list/999999');
    expect(res.status).toBe(404);
    expect(res.html).toContain('Page not found: /article/list/999999');
  });
});

describe('the article page', () => {
  it.each(LOCALES)(
    'answers at $prefix/article/detail/{id} with its title and sharing metadata',
    async ({ prefix, lang }) => {
      const item = await articleTitled('Board of directors 2026–2028');
      const res = await page(`${prefix}/article/detail/${item.articleId}`);
      expect(res.status).toBe(200);
      expect(res.html).toContain(`<html lang="${lang}"`);
      const title = prefix === '/en-us' ? 'Board of directors 2026–2028' : '第八屆理監事名單（2026–2028）';
      expect(titleOf(res.html).startsWith(`${title} | `)).toBe(true);
      expect(res.html).toContain('<meta property="og:type" content="article"');
      expect(res.html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/api\/amsw1002\?fileId=\d+"/);
      expect(res.html).toContain('<meta property="og:image:width" content="800"');
      const summary = prefix === '/en-us' ? 'The chair, vice-chairs, standing directors' : '第八屆理事長、副理事長';
      expect(res.html).toMatch(new RegExp(`<meta name="description" content="${summary}`));
      expect(res.headers.get('cache-control')).toMatch(/^public/);
    },
  );

  it('shows a breadcrumb back to its category and one h1', async () => {
    const item = await articleTitled('Society history');
    const { html } = await page(`/en-us/article/detail/${item.articleId}`);
    expect(html).toContain(`href="/en-us/article/list/${item.articleCategoryId}"`);
    // One h1 (the hidden maintenance screen after the page is not part of it until it is shown).
    expect(html.split('id="maintenance-screen"')[0]!.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain('<ol');
    expect(html).toContain('The society is founded');
  });

  it('renders tabs that fall back to headed sections, and downloads with their size', async () => {
    const fees = await articleTitled('Membership fees and rules');
    const tabs = await page(`/en-us/article/detail/${fees.articleId}`);
    expect(tabs.html).toMatch(/role="tablist"[^>]*hidden/);
    expect(tabs.html.match(/role="tab"/g)).toHaveLength(4);
    expect(tabs.html).toContain('>Suspension and withdrawal</h2>');
    const forms = await articleTitled('Education credit application forms for 2027');
    const downloads = await page(`/en-us/article/detail/${forms.articleId}`);
    expect(downloads.html).toMatch(/Credit application form\s*<span[^>]*>\(PDF, \d+ bytes\)<\/span>/);
    expect(downloads.html).toContain('btn-lg');
  });

  it('shows pasted HTML without any of its scripts', async () => {
    const item = await articleTitled('Clinical rotation schedule, second half of the year');
    const { html } = await page(`/en-us/article/detail/${item.articleId}`);
    expect(html).toContain('Download the schedule');
    expect(html).not.toContain('__xss');
    expect(html).not.toMatch(/onerror|javascript:/i);
  });

  it('answers an unknown, draft or withdrawn article with 404 "Page not found"', async () => {
    for (const id of [999999, await unpublishedArticleId(DRAFT_TITLE), await unpublishedArticleId(WITHDRAWN_TITLE)]) {
      const res = await page(`/en-us/article/detail/${id}`);
      expect(res.status).toBe(404);
      expect(res.html).toContain(`Page not found: /en-us/article/detail/${id}`);
      expect(res.html).not.toContain(DRAFT_TITLE.replace('[', ''));
    }
  });
});

describe('the article preview', () => {
  it.each(LOCALES)(
    'shows a draft at $prefix with a valid token, never cached nor indexed',
    async ({ prefix, lang }) => {
      const id = await unpublishedArticleId(DRAFT_TITLE);
      const res = await page(`${prefix}/preview/article/${id}?token=${previewToken('article', id)}`);
      expect(res.status).toBe(200);
      expect(res.html).toContain(`<html lang="${lang}"`);
      expect(res.html).toContain(prefix === '/en-us' ? DRAFT_TITLE : '【草稿】第九屆理監事選舉辦法修訂');
      expect(res.html).toContain('<meta name="robots" content="noindex, nofollow"');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.html).toContain('data-preview-state="draft"');
      // The complete layout: no site header or footer.
      expect(res.html).not.toContain('<footer');
    },
  );

  it('shows a withdrawn article and a published one with their own tokens', async () => {
    const withdrawn = await unpublishedArticleId(WITHDRAWN_TITLE);
    const res = await page(`/en-us/preview/article/${withdrawn}?token=${previewToken('article', withdrawn)}`);
    expect(res.status).toBe(200);
    expect(res.html).toContain('data-preview-state="withdrawn"');
    const published = await articleTitled('Society history');
    const ok = await page(
      `/en-us/preview/article/${published.articleId}?token=${previewToken('article', published.articleId)}`,
    );
    expect(ok.html).toContain('data-preview-state="published"');
  });

  it('answers 404 without revealing the article for a missing, wrong, expired or another article’s token', async () => {
    const id = await unpublishedArticleId(DRAFT_TITLE);
    const other = await articleTitled('Society history');
    const tokens = [
      '',
      'not-a-token',
      previewToken('article', id).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      previewToken('article', id, -1000),
      previewToken('article', other.articleId),
      previewToken('event', id),
    ];
    for (const token of tokens) {
      const res = await page(`/en-us/preview/article/${id}?token=${encodeURIComponent(token)}`);
      expect(res.status, token).toBe(404);
      expect(res.html).toContain('This preview link is invalid or has expired.');
      expect(res.html).not.toContain('Revised rules for the 9th board election');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    // An id that does not exist looks exactly the same.
    const unknown = await page('/en-us/preview/article/999999?token=x');
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('This preview link is invalid or has expired.');
  });

  it('answers a malformed id with "Page Not Found"', async () => {
    const res = await page('/preview/article/abc');
    expect(res.status).toBe(404);
    expect(res.html).toContain('Page Not Found: /preview/article/abc');
  });
});

describe('custom pages', () => {
  it.each(LOCALES)('answer at $prefix/{slug} in their language', async ({ prefix, lang }) => {
    const en = prefix === '/en-us';
    for (const [slug, title] of [
      ['/about', en ? 'About the society' : '學會簡介'],
      ['/about/board', en ? 'Board of directors' : '理監事名單'],
      ['/about/history', en ? 'Our history' : '學會沿革'],
      ['/membership/fees', en ? 'Membership rules and fees' : '會員規章與會費'],
    ] as const) {
      const res = await page(`${prefix}${slug}`);
      expect(res.status, slug).toBe(200);
      expect(res.html).toContain(`<html lang="${lang}"`);
      expect(titleOf(res.html).startsWith(`${title} | `)).toBe(true);
      expect(res.headers.get('cache-control')).toMatch(/^public/);
    }
  });

  it('answers an unknown address, a draft page or an odd slug with the site’s 404', async () => {
    for (const path of ['/about/nothing-here', '/about/charter-draft', '/About', '/about_us', '/en-us/about/x/y/z']) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(res.html).toContain(`Page not found: ${path}`);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('leaves unknown API paths and static files alone', async () => {
    const apiRes = await page('/api/no/such/thing');
    expect(JSON.parse(apiRes.html).code).toBe(-20);
    const image = await page('/images/404.svg');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
  });
});
