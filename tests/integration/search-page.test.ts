import { describe, expect, it } from 'vitest';
import { signedInOn } from './own-server';
import { api, baseUrl, firstCategory, page, searchServer, uniqueWord } from './search-helpers';

/**
 * The search results page (`/search?q=`) and the header's search form: plain HTML a reader can use
 * without JavaScript, in both languages, over the search service (docs/decisions/042).
 */
searchServer();
const ADMIN = ['admin@example.org', 'Admin2026demo'] as const;
const editorDesk = () => signedInOn(baseUrl(), ...ADMIN);

async function publishArticle(fields: Record<string, unknown>): Promise<number> {
  const desk = await editorDesk();
  const saved = await desk.post<{ articleId: number; state: string }>('/api/amsw1101/content/articles/save', {
    categoryId: await firstCategory(),
    publish: true,
    ...fields,
  });
  expect(saved.data.state).toBe('published');
  return saved.data.articleId;
}

/** The result links of a results page (its titles link to the items). */
const resultLinks = (html: string) => [...html.matchAll(/<h2[^>]*>\s*<a href="([^"]+)"/g)].map((m) => m[1]);
const q = (words: string) => encodeURIComponent(words);

describe('the search page', () => {
  it('answers in both languages with the count, linked titles, dates and marked passages', async () => {
    const tag = uniqueWord();
    const id = await publishArticle({
      titleZh: `腹部超音波檢查指引 ${tag}`,
      titleEn: `Abdominal ultrasound guideline ${tag}`,
      bodyZh: `<p>本指引說明<strong>腹部超音波</strong>檢查的準備 ${tag}。</p>`,
      bodyEn: `<p>This guideline covers reading an abdominal ultrasound ${tag}.</p>`,
    });

    const zh = await page(`/search?q=${q(`超音波 ${tag}`)}`);
    expect(zh.status).toBe(200);
    expect(zh.html).toContain('<html lang="zh-Hant-TW"');
    expect(zh.headers.get('cache-control')).toMatch(/^public/);
    expect(zh.html).toContain('找到 1 筆結果');
    expect(resultLinks(zh.html)).toEqual([`/article/detail/${id}`]);
    expect(zh.html).toContain('<mark');
    expect(zh.html).toMatch(/<mark[^>]*>超音波<\/mark>/);
    expect(zh.html).toMatch(new RegExp(`<mark[^>]*>${tag}</mark>`));
    expect(zh.html).toContain('消息與文章');
    expect(zh.html).toMatch(/<time datetime="\d{4}-\d\d-\d\dT[^"]+">\d{4}\/\d\d\/\d\d<\/time>/);
    // The passage is text: its markup never reaches the page as HTML.
    expect(zh.html).not.toContain('<strong>腹部超音波</strong>');
    expect(zh.html).not.toContain('僅有英文版');
    // The field keeps what was asked; the page stays out of search engines.
    expect(zh.html).toContain(`value="超音波 ${tag}"`);
    expect(zh.html).toContain('noindex');

    const en = await page(`/en-us/search?q=${q(`GUIDELINES ${tag}`)}`);
    expect(en.status).toBe(200);
    expect(en.html).toContain('<html lang="en-US"');
    expect(en.html).toContain('1 result<');
    expect(resultLinks(en.html)).toEqual([`/en-us/article/detail/${id}`]);
    expect(en.html).toMatch(/<mark[^>]*>guideline<\/mark>/);
    expect(en.html).toContain('Abdominal ultrasound');
    expect(en.html).toMatch(/<time datetime="[^"]+">[A-Z][a-z]{2} \d{1,2}, \d{4}<\/time>/);
  });

  it('marks an item only in the other language and, when none is in the reader’s, offers the other language', async () => {
    const tag = uniqueWord();
    await publishArticle({ titleZh: `會員大會通知 ${tag}`, bodyZh: `<p>年度會員大會 ${tag}</p>` });
    const en = await page(`/en-us/search?q=${q(tag)}`);
    expect(en.html).toContain('Chinese only');
    expect(en.html).toContain('None of these is in English: 1 result is in Chinese only.');
    expect(en.html).toContain(`href="/zh-tw/search?q=${tag}"`);
    const zh = await page(`/search?q=${q(tag)}`);
    expect(zh.html).not.toContain('僅有英文版');
    expect(zh.html).not.toContain('沒有中文版');

    await publishArticle({ titleZh: `國際交流 ${tag}`, titleEn: `Visiting scholars ${tag}` });
    const both = await page(`/search?q=${q(tag)}`);
    expect(both.html).toContain('找到 2 筆結果');
    const english = await page(`/en-us/search?q=${q(tag)}`);
    expect(english.html).toContain('Chinese only');
    // One is in English now: no offer of the other language.
    expect(english.html).not.toContain('None of these is in English');
  });

  it('filters by kind with counts, by year and by upcoming or past events, keeping the query', async () => {
    const tag = uniqueWord();
    const desk = await editorDesk();
    const articleId = await publishArticle({ titleZh: `疫苗公告 ${tag}`, titleEn: `Vaccine notice ${tag}` });
    const categories = await api<{ eventCategoryList: { eventCategoryId: number }[] }>('/api/amsw0302/category');
    const event = await desk.post<{ eventId: number }>('/api/amsw1101/content/events/save', {
      categoryId: categories.body.data.eventCategoryList[0]!.eventCategoryId,
      titleZh: `疫苗研討會 ${tag}`,
      titleEn: `Vaccine symposium ${tag}`,
      startsAt: '2099-05-01T09:00',
      endsAt: '2099-05-01T17:00',
      publish: true,
    });
    expect(event.code).toBe(0);

    const all = await page(`/en-us/search?q=${q(tag)}`);
    expect(all.html).toContain('2 results');
    expect(all.html).toMatch(/aria-current="true"[^>]*>All kinds \(2\)|>All kinds \(2\)/);
    expect(all.html).toContain(`href="/en-us/search?q=${tag}&amp;kind=article"`);
    expect(all.html).toContain('News and articles (1)');
    expect(all.html).toContain('Events (1)');
    expect(all.html).toContain('Journal papers (0)');
    expect(all.html).toContain('Pages (0)');
    expect(all.html).toContain('Downloads (0)');

    const events = await page(`/en-us/search?q=${q(tag)}&kind=event`);
    expect(resultLinks(events.html)).toEqual([`/en-us/event/detail/${event.data.eventId}`]);
    expect(events.html).toMatch(/aria-current="true"[^>]*>\s*Events \(1\)/);
    // Counts stay those of every kind, so the other kinds can be chosen.
    expect(events.html).toContain('News and articles (1)');
    expect(events.html).toContain(`href="/en-us/search?q=${tag}&amp;kind=event&amp;when=upcoming"`);
    const upcoming = await page(`/en-us/search?q=${q(tag)}&kind=event&when=upcoming`);
    expect(resultLinks(upcoming.html)).toEqual([`/en-us/event/detail/${event.data.eventId}`]);
    const past = await page(`/en-us/search?q=${q(tag)}&kind=event&when=past`);
    expect(resultLinks(past.html)).toEqual([]);
    expect(past.html).toContain(`Nothing matches “${tag}”.`);
    expect(past.html).toMatch(new RegExp(`href="/en-us/search\\?q=${tag}"[^>]*>Clear the filters`));
    // Past events only: the other kinds' links carry no count of events.
    expect(past.html).toContain('Events (0)');
    expect(past.html).toMatch(/>News and articles<\/a>/);

    const year2099 = await page(`/search?q=${q(tag)}&year=2099`);
    expect(resultLinks(year2099.html)).toEqual([`/event/detail/${event.data.eventId}`]);
    expect(year2099.html).toMatch(/<option value="2099" selected/);
    const thisYear = await page(`/search?q=${q(tag)}&year=${new Date().getUTCFullYear()}`);
    expect(resultLinks(thisYear.html)).toContain(`/article/detail/${articleId}`);
    // The year form keeps the query and the kind.
    const kindYear = await page(`/search?q=${q(tag)}&kind=event`);
    expect(kindYear.html).toContain(`<input type="hidden" name="q" value="${tag}">`);
    expect(kindYear.html).toContain('<input type="hidden" name="kind" value="event">');

    const unknown = await page(`/search?q=${q(tag)}&kind=poems`);
    expect(unknown.status).toBe(404);
  });

  it('shows a download with the item naming it, and downloads as a kind to filter by, in both languages', async () => {
    // The demo's credit forms article names its rules as a download.
    const zh = await page(`/search?q=${q('積分申請須知')}`);
    expect(zh.html).toContain(`href="/search?q=${q('積分申請須知')}&amp;kind=file"`);
    expect(zh.html).toContain('下載檔案（1）');
    const [link] = resultLinks(zh.html).filter((href) => href!.startsWith('/api/amsw1002?fileId='));
    expect(link).toBeDefined();
    expect(zh.html).toContain('在〈2027 年繼續教育積分申請表單下載〉');
    const files = await page(`/search?q=${q('積分申請須知')}&kind=file`);
    expect(resultLinks(files.html)).toEqual([link]);
    expect(files.html).toMatch(/aria-current="true"[^>]*>\s*下載檔案（1）/);
    expect(files.html).toContain('>下載檔案</span>');

    const en = await page(`/en-us/search?q=${q('rules credit')}&kind=file`);
    // The file's address is the same in either language.
    expect(resultLinks(en.html)).toEqual([link]);
    expect(en.html).toMatch(/aria-current="true"[^>]*>\s*Downloads \(1\)/);
    expect(en.html).toContain('On “Education credit application forms for 2027”');
    // The label, its matches marked.
    expect(en.html).toMatch(/<mark[^>]*>Rules<\/mark> for <mark[^>]*>credit<\/mark> applications/);
  });

  it('pages ten results at a time with links, the current page marked', async () => {
    const tag = uniqueWord();
    for (let i = 1; i <= 12; i++) await publishArticle({ titleZh: `公告 ${i} ${tag}`, titleEn: `Notice ${i} ${tag}` });
    const first = await page(`/en-us/search?q=${q(tag)}`);
    expect(first.html).toContain('12 results');
    expect(resultLinks(first.html)).toHaveLength(10);
    expect(first.html).toContain('aria-current="page" aria-label="Page 1, current page"');
    expect(first.html).toContain(`href="/en-us/search?q=${tag}&amp;page=2"`);
    const second = await page(`/en-us/search?q=${q(tag)}&page=2`);
    expect(resultLinks(second.html)).toHaveLength(2);
    expect(second.html).toContain('aria-current="page" aria-label="Page 2, current page"');
    expect(new Set([...resultLinks(first.html), ...resultLinks(second.html)]).size).toBe(12);
    const beyond = await page(`/en-us/search?q=${q(tag)}&page=5`);
    expect(beyond.html).toContain('There is nothing on this page.');
  });

  it('says when nothing matches and suggests the query less its last word', async () => {
    const tag = uniqueWord();
    await publishArticle({ titleZh: `學術研討 ${tag}`, titleEn: `Scientific meeting ${tag}` });
    const zh = await page(`/search?q=${q(`${tag} 心臟 無此字`)}`);
    expect(zh.status).toBe(200);
    expect(zh.html).toContain('找到 0 筆結果');
    expect(zh.html).toContain(`找不到符合「${tag} 心臟 無此字」的結果。`);
    expect(zh.html).toContain(`href="/search?q=${q(`${tag} 心臟`).replace(/%20/g, '+')}"`);
    const en = await page(`/en-us/search?q=${q(`${tag} nowhere`)}`);
    expect(en.html).toContain(`Nothing matches “${tag} nowhere”.`);
    expect(en.html).toContain(`Try fewer words: <a href="/en-us/search?q=${tag}" class="link">${tag}</a>`);
    const fewer = await page(`/en-us/search?q=${tag}`);
    expect(fewer.html).toContain('1 result<');
    // One word: nothing to take away.
    const one = await page(`/en-us/search?q=${uniqueWord()}`);
    expect(one.html).toContain('0 results');
    expect(one.html).not.toContain('Try fewer words');
  });

  it('shows only the form for an empty query, and says when a query is too long', async () => {
    for (const path of ['/search', '/search?q=', '/search?q=%20%20']) {
      const res = await page(path);
      expect(res.status, path).toBe(200);
      expect(res.html).toContain('<form method="get" action="/search" role="search"');
      expect(res.html).toContain('輸入字詞，搜尋本站');
      expect(res.html, path).not.toContain('筆結果');
    }
    const long = await page(`/en-us/search?q=${'a'.repeat(201)}`);
    expect(long.status).toBe(200);
    expect(long.html).toContain('Search words can be at most 200 characters; please shorten them.');
    expect(long.html).not.toContain('results');
    const zhLong = await page(`/search?q=${q('字'.repeat(201))}`);
    expect(zhLong.html).toContain('搜尋字詞最多 200 個字，請縮短後再試。');
    // 200 characters is still a query.
    const longest = await page(`/search?q=${q('字'.repeat(200))}`);
    expect(longest.html).toContain('找到 0 筆結果');
  });
});

describe('the header search', () => {
  it('is a labelled GET form to the search page on public pages, in the reader’s language', async () => {
    for (const path of ['/', '/news/list', '/event/list', '/search?q=x']) {
      const res = await page(path);
      expect(res.html, path).toContain('<form method="get" action="/search" role="search" aria-label="搜尋網站"');
      expect(res.html, path).toMatch(/<span class="sr-only">搜尋網站<\/span>\s*<input type="text" name="q"/);
    }
    const en = await page('/en-us/news/list');
    expect(en.html).toContain('<form method="get" action="/en-us/search" role="search" aria-label="Search the site"');
    expect(en.html).toMatch(/<span class="sr-only">Search the site<\/span>\s*<input type="text" name="q"/);
    expect(en.html).toContain('Open site search');
  });
});
