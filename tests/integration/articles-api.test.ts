import { describe, expect, it } from 'vitest';
import { api, baseUrl } from './helpers';
import {
  articleTitled,
  categories,
  DRAFT_TITLE,
  publishedArticles,
  unpublishedArticleId,
  WITHDRAWN_TITLE,
  type ArticleItem,
  type Paged,
} from './articles-lookup';

interface Detail extends Omit<ArticleItem, 'publishedAt'> {
  publishedAt: string | null;
  updatedAt: string;
  contentType: string;
  spacing: string;
  buttonSize: string;
  content: {
    htmlList?: string[];
    tabList?: { title: string; htmlList: string[] }[];
    timelineList?: { time: string; title?: string; textContent: string }[];
    committeeList?: { title: string; memberList: { name: string; role: string; imageFileId?: number }[] }[];
    doctorList?: {
      region: string;
      doctorList: { name: string; hospital: string; phone?: string; imageFileId?: number }[];
    }[];
  };
  links: { label: string; url: string }[];
  attachments: { fileId: number; label: string; name: string; contentType: string; size: number }[];
  previous: { articleId: number; title: string } | null;
  next: { articleId: number; title: string } | null;
}

const list = (query: string, lang: 'zh-tw' | 'en-us' = 'en-us') =>
  api<Paged<ArticleItem>>(`/api/amsw0301${query}`, { lang });
const detail = (id: number | string, lang: 'zh-tw' | 'en-us' = 'en-us') =>
  api<Detail>(`/api/amsw0301/detail?articleId=${id}`, { lang });

describe('GET /api/amsw0301/category', () => {
  it('lists the categories in both languages, with descriptions, for a short public cache', async () => {
    const res = await api<{ articleCategoryList: { name: string; description: string }[] }>('/api/amsw0301/category', {
      lang: 'zh-tw',
    });
    expect(res.body.code).toBe(0);
    expect(res.headers.get('cache-control')).toBe('public, max-age=30');
    expect(res.body.data.articleCategoryList.map((c) => c.name)).toEqual([
      '最新消息',
      '學會公告',
      '繼續教育',
      '關於學會',
    ]);
    const en = await categories('en-us');
    expect(en.map((c) => c.name)).toEqual(['News', 'Announcements', 'Continuing education', 'About the society']);
    for (const c of en) expect(c.description).not.toBe('');
  });
});

describe('GET /api/amsw0301', () => {
  it('pages through the published articles ten at a time by default', async () => {
    const first = await list('');
    expect(first.body.code).toBe(0);
    expect(first.headers.get('cache-control')).toBe('public, max-age=30');
    const { total, totalPages, pageSize } = first.body.data;
    expect(pageSize).toBe(10);
    expect(total).toBeGreaterThanOrEqual(24);
    expect(totalPages).toBe(Math.ceil(total / 10));
    expect(first.body.data.list).toHaveLength(10);

    const last = await list(`?page=${totalPages}`);
    expect(last.body.data.list).toHaveLength(total - (totalPages - 1) * 10);
    const beyond = await list(`?page=${totalPages + 1}`);
    expect(beyond.body.code).toBe(0);
    expect(beyond.body.data).toMatchObject({ list: [], total, totalPages, page: totalPages + 1 });

    const seven = await list('?pageSize=7&page=2');
    expect(seven.body.data.list.map((a) => a.articleId)).toEqual(
      (await publishedArticles()).slice(7, 14).map((a) => a.articleId),
    );
  });

  it('lists pinned articles first, then the newest first, with summaries cut at 100 characters', async () => {
    const all = await publishedArticles();
    const pinned = all.filter((a) => a.pinned);
    expect(pinned.length).toBeGreaterThanOrEqual(1);
    expect(all.slice(0, pinned.length).every((a) => a.pinned)).toBe(true);
    const rest = all.slice(pinned.length).map((a) => Date.parse(a.publishedAt));
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
    for (const a of all) {
      expect(Array.from(a.summary).length).toBeLessThanOrEqual(101);
      if (Array.from(a.summary).length === 101) expect(a.summary.endsWith('…')).toBe(true);
    }
    expect(all.some((a) => a.coverFileId && a.coverWidth === 800 && a.coverHeight === 500)).toBe(true);
  });

  it('answers in the reader’s language', async () => {
    const zh = await publishedArticles('zh-tw');
    const en = await publishedArticles('en-us');
    expect(zh.map((a) => a.articleId)).toEqual(en.map((a) => a.articleId));
    expect(zh.map((a) => a.title)).toContain('學會沿革');
    expect(en.map((a) => a.title)).toContain('Society history');
  });

  it('filters by category, and answers -16 for an unknown one and -10 for a malformed one', async () => {
    const about = (await categories()).find((c) => c.name === 'About the society')!;
    const res = await list(`?articleCategoryId=${about.articleCategoryId}&pageSize=50`);
    expect(res.body.code).toBe(0);
    expect(res.body.data.total).toBeGreaterThanOrEqual(5);
    for (const a of res.body.data.list) {
      expect(a.articleCategoryId).toBe(about.articleCategoryId);
      expect(a.categoryName).toBe('About the society');
    }
    expect((await list('?articleCategoryId=999999')).body.code).toBe(-16);
    const bad = await list('?articleCategoryId=abc');
    expect(bad.body).toMatchObject({ code: -10, data: { fields: ['articleCategoryId'] } });
  });

  it('finds a keyword in the title or summary in either language, whatever the reader’s language', async () => {
    const zh = await list(`?keyword=${encodeURIComponent('會費')}&pageSize=50`);
    expect(zh.body.code).toBe(0);
    expect(zh.body.data.list.map((a) => a.title)).toEqual(
      expect.arrayContaining(['Annual membership dues for 2027', 'Membership fees and rules']),
    );
    const en = await list('?keyword=DUES&pageSize=50', 'zh-tw');
    expect(en.body.data.list.map((a) => a.title)).toContain('2027 年度常年會費繳費通知');
    // Found by its summary only.
    const bySummary = await list(`?keyword=${encodeURIComponent('exchange observerships')}`);
    expect(bySummary.body.data.list.map((a) => a.title)).toEqual([
      'Memorandum of academic cooperation signed with a Japanese partner society',
    ]);
    const none = await list('?keyword=no-such-words-here');
    expect(none.body.data).toMatchObject({ list: [], total: 0, totalPages: 1 });
    // Wildcards are plain characters.
    expect((await list('?keyword=%25%25')).body.data.total).toBe(0);
  });

  it.each([
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['pageSize=0', 'pageSize'],
    ['pageSize=51', 'pageSize'],
    ['pageSize=ten', 'pageSize'],
    [`keyword=${'x'.repeat(101)}`, 'keyword'],
  ])('answers -10 for %s', async (query, field) => {
    const res = await list(`?${query}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: -10, data: { fields: [field] } });
  });

  it('answers -4 to another method', async () => {
    const res = await api('/api/amsw0301', { method: 'POST' });
    expect(res.body.code).toBe(-4);
  });

  it('never lists a draft or a withdrawn article, not even by keyword', async () => {
    const titles = (await publishedArticles()).map((a) => a.title);
    expect(titles).not.toContain(DRAFT_TITLE);
    expect(titles).not.toContain(WITHDRAWN_TITLE);
    expect((await list('?keyword=Draft')).body.data.total).toBe(0);
    expect((await list('?keyword=postponed')).body.data.total).toBe(0);
  });
});

describe('GET /api/amsw0301/detail', () => {
  it('answers an article with its category, cover, dates, body, neighbours and a public cache', async () => {
    const item = await articleTitled('Board of directors 2026–2028');
    const res = await detail(item.articleId);
    expect(res.body.code).toBe(0);
    expect(res.headers.get('cache-control')).toBe('public, max-age=30');
    const a = res.body.data;
    expect(a).toMatchObject({
      articleId: item.articleId,
      articleCategoryId: item.articleCategoryId,
      categoryName: 'About the society',
      title: 'Board of directors 2026–2028',
      contentType: 'committee',
      coverWidth: 800,
      coverHeight: 500,
      publishedAt: item.publishedAt,
    });
    expect(a.coverFileId).toBeGreaterThan(0);
    expect(Date.parse(a.updatedAt)).not.toBeNaN();
    // The neighbours are published articles of the same category, older and newer.
    const sameCategory = (await publishedArticles()).filter((x) => x.articleCategoryId === item.articleCategoryId);
    for (const n of [a.previous, a.next].filter((x) => x !== null)) {
      expect(sameCategory.map((x) => x.articleId)).toContain(n!.articleId);
    }
    if (a.previous) {
      const older = sameCategory.find((x) => x.articleId === a.previous!.articleId)!;
      expect(Date.parse(older.publishedAt)).toBeLessThanOrEqual(Date.parse(item.publishedAt));
    }
  });

  it.each([
    ['Getting to the 15th General Assembly', 'html'],
    ['Membership fees and rules', 'tab'],
    ['Society history', 'timeline'],
    ['Board of directors 2026–2028', 'committee'],
    ['Register of the 8th board', 'committee_no_image'],
    ['Certified clinical teachers by region', 'doctormap'],
    ['Certified clinical teachers: contact list', 'doctormap_no_image'],
  ])('answers "%s" as %s with the list that type reads', async (title, type) => {
    const { articleId } = await articleTitled(title);
    const a = (await detail(articleId)).body.data;
    expect(a.contentType).toBe(type);
    const key = {
      html: 'htmlList',
      tab: 'tabList',
      timeline: 'timelineList',
      committee: 'committeeList',
      committee_no_image: 'committeeList',
      doctormap: 'doctorList',
      doctormap_no_image: 'doctorList',
    }[type] as keyof Detail['content'];
    expect(Object.keys(a.content)).toEqual([key]);
    expect((a.content[key] as unknown[]).length).toBeGreaterThan(0);
  });

  it('answers the body in the reader’s language', async () => {
    const { articleId } = await articleTitled('Membership fees and rules');
    const zh = (await detail(articleId, 'zh-tw')).body.data;
    const en = (await detail(articleId, 'en-us')).body.data;
    expect(zh.content.tabList!.map((t) => t.title)).toEqual(['入會資格', '會費', '權利與義務', '停權與退會']);
    expect(en.content.tabList!.map((t) => t.title)).toEqual([
      'Eligibility',
      'Fees',
      'Rights and duties',
      'Suspension and withdrawal',
    ]);
    expect(en.content.tabList![1]!.htmlList[0]).toContain('<th scope="col">Annual dues</th>');
  });

  it('keeps portraits in the committee and doctor map, and leaves them out of the _no_image types', async () => {
    const board = (await detail((await articleTitled('Board of directors 2026–2028')).articleId)).body.data;
    const members = board.content.committeeList!.flatMap((g) => g.memberList);
    expect(members.some((m) => m.imageFileId)).toBe(true);
    expect(members.some((m) => !m.imageFileId)).toBe(true);
    const register = (await detail((await articleTitled('Register of the 8th board')).articleId)).body.data;
    expect(register.content.committeeList!.flatMap((g) => g.memberList).some((m) => m.imageFileId)).toBe(false);
    const map = (await detail((await articleTitled('Certified clinical teachers by region')).articleId)).body.data;
    expect(map.content.doctorList!.map((r) => r.region)).toEqual(['North', 'Central', 'South', 'East']);
    const contacts = (await detail((await articleTitled('Certified clinical teachers: contact list')).articleId)).body
      .data;
    expect(contacts.content.doctorList!.flatMap((r) => r.doctorList).some((d) => d.imageFileId)).toBe(false);
  });

  it('answers downloads with their file name, type and size, and link buttons', async () => {
    const { articleId } = await articleTitled('Education credit application forms for 2027');
    const a = (await detail(articleId)).body.data;
    expect(a.buttonSize).toBe('large');
    expect(a.links).toEqual([
      { label: 'Claim points', url: '/credit/claim' },
      { label: 'Ministry rules on continuing education', url: 'https://www.mohw.gov.tw/' },
    ]);
    expect(a.attachments).toHaveLength(2);
    for (const file of a.attachments) {
      expect(file).toMatchObject({ contentType: 'application/pdf', name: expect.stringMatching(/\.pdf$/) });
      expect(file.size).toBeGreaterThan(100);
      const pdf = await fetch(`${baseUrl()}/api/amsw1002?fileId=${file.fileId}`);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect((await pdf.text()).startsWith('%PDF-1.4')).toBe(true);
    }
    expect(a.attachments.map((f) => f.label)).toEqual(['Credit application form', 'Rules for credit applications']);
  });

  it('answers stored HTML without scripts, event handlers or javascript: links, keeping the text', async () => {
    const { articleId } = await articleTitled('Clinical rotation schedule, second half of the year');
    for (const lang of ['zh-tw', 'en-us'] as const) {
      const res = await detail(articleId, lang);
      const html = res.body.data.content.htmlList!.join('');
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toMatch(/onerror|onclick/i);
      expect(html).not.toMatch(/javascript:/i);
      expect(html).not.toMatch(/style=|<o:p|mso/i);
      expect(html).not.toContain('__xss');
    }
    const en = (await detail(articleId, 'en-us')).body.data.content.htmlList!.join('');
    expect(en).toContain('the clinical rotation schedule for the second half of the year is ready');
    expect(en).toContain('Download the schedule');
  });

  it('answers -15 for an unknown id, a draft and a withdrawn article', async () => {
    expect((await detail(999999)).body.code).toBe(-15);
    expect((await detail(await unpublishedArticleId(DRAFT_TITLE))).body.code).toBe(-15);
    expect((await detail(await unpublishedArticleId(WITHDRAWN_TITLE))).body.code).toBe(-15);
  });

  it('answers -2 without an id and -10 for a malformed one', async () => {
    expect((await api('/api/amsw0301/detail')).body).toMatchObject({ code: -2, data: { fields: ['articleId'] } });
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999']) {
      expect((await detail(bad)).body, bad).toMatchObject({ code: -10, data: { fields: ['articleId'] } });
    }
  });

  it('answers -4 to another method', async () => {
    expect((await api('/api/amsw0301/detail?articleId=1', { method: 'DELETE' })).body.code).toBe(-4);
    expect((await api('/api/amsw0301/category', { method: 'PUT' })).body.code).toBe(-4);
  });
});
