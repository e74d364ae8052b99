import { describe, expect, it } from 'vitest';
import { storedArticleForm } from './content-helpers';
import { signedInOn } from './own-server';
import { api, baseUrl, firstCategory, searchServer, uniqueWord } from './search-helpers';

/**
 * Site search (docs/decisions/042), through the API a reader calls and the desks the editors use,
 * so the index is seen to follow every change at once. The same file runs on both databases.
 */
searchServer();
const ADMIN = ['admin@example.org', 'Admin2026demo'] as const;
const editorDesk = () => signedInOn(baseUrl(), ...ADMIN);

interface Segment {
  text: string;
  mark: boolean;
}
interface Result {
  kind: 'article' | 'event' | 'paper' | 'page' | 'file';
  id: number;
  title: string;
  titleParts: Segment[];
  otherLanguage: boolean;
  path: string;
  date: string | null;
  passage: Segment[];
  parentTitle: string | null;
}
interface Answer {
  list: Result[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  ownLanguage: number;
  counts: Record<Result['kind'], number>;
}

function search(params: Record<string, string>, lang: 'zh-tw' | 'en-us' = 'zh-tw') {
  return api<Answer>(`/api/amsw0308?${new URLSearchParams(params)}`, { lang });
}

async function found(q: string, extra: Record<string, string> = {}, lang: 'zh-tw' | 'en-us' = 'zh-tw') {
  const res = await search({ q, ...extra }, lang);
  expect(res.body.code, q).toBe(0);
  return res.body.data;
}

const ids = (answer: Answer, kind: Result['kind']) => answer.list.filter((r) => r.kind === kind).map((r) => r.id);
const marked = (parts: Segment[]) => parts.filter((p) => p.mark).map((p) => p.text);

interface DeskArticle {
  articleId: number;
  state: string;
}

describe('site search: GET /api/amsw0308', () => {
  it('finds Chinese inside words, simplified for traditional, English by word form, and marks the matches', async () => {
    const desk = await editorDesk();
    const categoryId = await firstCategory();
    const tag = uniqueWord();
    const article = await desk.post<DeskArticle>('/api/amsw1101/content/articles/save', {
      categoryId,
      titleZh: `腹部超音波檢查指引 ${tag}`,
      titleEn: `Abdominal ultrasound guideline ${tag}`,
      summaryZh: '給基層醫師的摘要',
      bodyZh: '<p>本指引說明<strong>腹部超音波</strong>檢查的準備與判讀。</p>',
      bodyEn: '<p>This guideline covers preparing for and reading an abdominal ultrasound.</p>',
      publish: true,
    });
    expect(article.data.state).toBe('published');
    const id = article.data.articleId;
    // 超音 and 音波 apart, but never 超音波 whole: not a match for 超音波.
    const apart = await desk.post<DeskArticle>('/api/amsw1101/content/articles/save', {
      categoryId,
      titleZh: `超音速與音波的比較 ${tag}`,
      bodyZh: '<p>超音與音波不同。</p>',
      publish: true,
    });

    const chinese = await found(`超音波 ${tag}`);
    expect(ids(chinese, 'article')).toEqual([id]);
    expect(chinese.list[0]).toMatchObject({ title: `腹部超音波檢查指引 ${tag}`, otherLanguage: false });
    expect(chinese.list[0]!.path).toBe(`/article/detail/${id}`);
    expect(marked(chinese.list[0]!.titleParts)).toEqual(['超音波', tag]);
    expect(marked(chinese.list[0]!.passage)).toContain('超音波');
    expect(chinese.list[0]!.passage.map((p) => p.text).join('')).not.toContain('<');
    expect(chinese.counts).toMatchObject({ article: 1, event: 0, paper: 0, page: 0 });
    // The pair alone matches both.
    expect(ids(await found(`超音 ${tag}`), 'article').sort()).toEqual([id, apart.data.articleId].sort());

    // Simplified finds traditional; one character alone works.
    expect(ids(await found(`检查 ${tag}`), 'article')).toEqual([id]);
    expect(ids(await found(`腹 ${tag}`), 'article')).toEqual([id]);

    // English: word forms, case and accents; the English reader sees the English title.
    const english = await found(`GUIDELINES ultrasóund ${tag}`, {}, 'en-us');
    expect(english.list.map((r) => r.id)).toEqual([id]);
    expect(english.list[0]).toMatchObject({ title: `Abdominal ultrasound guideline ${tag}`, otherLanguage: false });
    expect(english.list[0]!.path).toBe(`/en-us/article/detail/${id}`);
    expect(marked(english.list[0]!.passage)).toEqual(['guideline', 'ultrasound']);

    // Mixed: every word must match.
    expect(ids(await found(`ultrasound 指引 ${tag}`), 'article')).toEqual([id]);
    expect((await found(`ultrasound 心臟 ${tag}`)).total).toBe(0);
  });

  it('finds the demo society’s content, indexed whole at the first start', async () => {
    const about = await found('學會簡介', { kind: 'page' });
    expect(about.list.map((r) => r.path)).toContain('/about');
    const english = await found('about the society', { kind: 'page' }, 'en-us');
    expect(english.list.map((r) => r.path)).toContain('/en-us/about');
  });

  it('finds an item written only in the other language, marked so', async () => {
    const desk = await editorDesk();
    const tag = uniqueWord();
    const page = await desk.post<{ pageId: number }>('/api/amsw1101/content/pages/save', {
      slug: `visiting-${tag}`,
      titleZh: `Visiting scholars ${tag}`,
      bodyZh: '<p>Visiting scholars are welcome in the COVID-19 vaccine programme.</p>',
      publish: true,
    });
    expect(page.code).toBe(0);
    const desks = await desk.post<{ eventId: number }>('/api/amsw1101/content/events/save', {
      categoryId: (await api<{ eventCategoryList: { eventCategoryId: number }[] }>('/api/amsw0302/category')).body.data
        .eventCategoryList[0]!.eventCategoryId,
      titleZh: `疫苗研討會 ${tag}`,
      titleEn: `Vaccine symposium ${tag}`,
      startsAt: '2099-05-01T09:00',
      endsAt: '2099-05-01T17:00',
      publish: true,
    });
    expect(desks.code).toBe(0);

    // A page whose only text is English counts as written in zh-tw (its required language), so
    // look from the other side too: an article only in Chinese, read in English.
    const categoryId = await firstCategory();
    const zhOnly = await desk.post<DeskArticle>('/api/amsw1101/content/articles/save', {
      categoryId,
      titleZh: `會員大會通知 ${tag}`,
      bodyZh: '<p>年度會員大會</p>',
      publish: true,
    });
    const fromEnglish = await found(`會員大會 ${tag}`, {}, 'en-us');
    expect(fromEnglish.list).toEqual([
      expect.objectContaining({
        kind: 'article',
        id: zhOnly.data.articleId,
        otherLanguage: true,
        title: `會員大會通知 ${tag}`,
      }),
    ]);
    // None of them has English text; read in Chinese, it is the reader's own.
    expect(fromEnglish.ownLanguage).toBe(0);
    expect((await found(`會員大會 ${tag}`)).ownLanguage).toBe(1);

    const mixed = await found(`COVID-19 vaccine ${tag}`);
    expect(mixed.list.map((r) => [r.kind, r.id])).toEqual([['page', page.data.pageId]]);
    expect(mixed.list[0]!.path).toBe(`/visiting-${tag}`);
    const events = await found(`疫苗 ${tag}`, { kind: 'event', when: 'upcoming', year: '2099' });
    expect(events.list.map((r) => r.id)).toEqual([desks.data.eventId]);
    expect(events.list[0]!.date).toBe('2099-05-01T01:00:00.000Z');
    expect((await found(`疫苗 ${tag}`, { when: 'past' })).total).toBe(0);
    expect((await found(`疫苗 ${tag}`, { year: '2098' })).total).toBe(0);
  });

  it('never answers drafts, scheduled or withdrawn items, and follows each change at once', async () => {
    const desk = await editorDesk();
    const categoryId = await firstCategory();
    const tag = uniqueWord();
    const q = `心導管 ${tag}`;
    // Read (and cached) before anything exists.
    expect((await found(q)).total).toBe(0);

    const draft = await desk.post<DeskArticle>('/api/amsw1101/content/articles/save', {
      categoryId,
      titleZh: `心導管草稿 ${tag}`,
    });
    expect(draft.data.state).toBe('draft');
    expect((await found(q)).total).toBe(0);

    const scheduled = await desk.post<DeskArticle>('/api/amsw1101/content/articles/save', {
      categoryId,
      titleZh: `心導管預約 ${tag}`,
      publish: true,
      publishedOn: '2099-01-01',
    });
    expect(scheduled.data.state).toBe('scheduled');
    expect((await found(q)).total).toBe(0);

    const published = await desk.post<DeskArticle>('/api/amsw1101/content/articles/save', {
      articleId: draft.data.articleId,
      categoryId,
      titleZh: `心導管草稿 ${tag}`,
      publish: true,
    });
    expect(published.data.state).toBe('published');
    expect(ids(await found(q), 'article')).toEqual([draft.data.articleId]);
    // The scheduled one moved to today shows too.
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Taipei' });
    const moved = await desk.post<DeskArticle>('/api/amsw1101/content/articles/save', {
      articleId: scheduled.data.articleId,
      categoryId,
      titleZh: `心導管預約 ${tag}`,
      publish: true,
      publishedOn: today,
    });
    expect(moved.data.state).toBe('published');
    expect((await found(q)).total).toBe(2);

    // Edited: the old words go, the new ones come.
    await desk.post<DeskArticle>('/api/amsw1101/content/articles/save', {
      articleId: scheduled.data.articleId,
      categoryId,
      titleZh: `心電圖 ${tag}`,
    });
    expect(ids(await found(q), 'article')).toEqual([draft.data.articleId]);
    expect(ids(await found(`心電圖 ${tag}`), 'article')).toEqual([scheduled.data.articleId]);

    const withdrawn = await desk.post<DeskArticle>('/api/amsw1101/content/articles/unpublish', {
      articleId: draft.data.articleId,
    });
    expect(withdrawn.data.state).toBe('withdrawn');
    expect((await found(q)).total).toBe(0);

    // An event unpublished, a page unpublished, a paper deleted: gone at once.
    const event = await desk.post<{ eventId: number; updatedAt: string }>('/api/amsw1101/content/events/save', {
      categoryId: (await api<{ eventCategoryList: { eventCategoryId: number }[] }>('/api/amsw0302/category')).body.data
        .eventCategoryList[0]!.eventCategoryId,
      titleZh: `心導管工作坊 ${tag}`,
      startsAt: '2099-06-01T09:00',
      endsAt: '2099-06-01T17:00',
      publish: true,
    });
    expect(ids(await found(q), 'event')).toEqual([event.data.eventId]);
    await desk.post('/api/amsw1101/content/events/unpublish', {
      eventId: event.data.eventId,
      updatedAt: event.data.updatedAt,
    });
    expect((await found(q)).total).toBe(0);

    const page = await desk.post<{ pageId: number; updatedAt: string }>('/api/amsw1101/content/pages/save', {
      slug: `cath-${tag}`,
      titleZh: `心導管室 ${tag}`,
      publish: true,
    });
    expect(ids(await found(q), 'page')).toEqual([page.data.pageId]);
    await desk.post('/api/amsw1101/content/pages/unpublish', {
      pageId: page.data.pageId,
      updatedAt: page.data.updatedAt,
    });
    expect((await found(q)).total).toBe(0);

    const journal = await desk.post<{ journalListId: number }>('/api/amsw1101/content/journals/save', {
      nameZh: `搜尋期刊 ${tag}`,
    });
    const withVolume = await desk.post<{ volumes: { journalVolumeId: number }[] }>(
      '/api/amsw1101/content/journals/volumes/save',
      { journalListId: journal.data.journalListId, volume: 1, year: 2026 },
    );
    const volumeId = withVolume.data.volumes[0]!.journalVolumeId;
    const draftIssue = await desk.post<{ volumes: { issues: { journalNumberId: number; updatedAt: string }[] }[] }>(
      '/api/amsw1101/content/journals/issues/save',
      { journalVolumeId: volumeId, number: 1 },
    );
    const issue = draftIssue.data.volumes[0]!.issues[0]!;
    const papers = await desk.post<{ papers: { paperId: number; updatedAt: string }[] }>(
      '/api/amsw1101/content/journals/papers/save',
      { journalNumberId: issue.journalNumberId, titleZh: `心導管併發症 ${tag}`, authorsZh: '王小明' },
    );
    const paper = papers.data.papers[0]!;
    // The issue is a draft: its paper is not found until the issue is out.
    expect((await found(q)).total).toBe(0);
    const out = await desk.post('/api/amsw1101/content/journals/issues/save', {
      journalVolumeId: volumeId,
      journalNumberId: issue.journalNumberId,
      number: 1,
      publish: true,
      updatedAt: issue.updatedAt,
    });
    expect(out.code).toBe(0);
    const paperFound = await found(`${q} 王小明`, { kind: 'paper', year: '2026' });
    expect(paperFound.list.map((r) => [r.id, r.path])).toEqual([
      [paper.paperId, `/journals/${volumeId}/${issue.journalNumberId}#paper-${paper.paperId}`],
    ]);
    await desk.post('/api/amsw1101/content/journals/papers/delete', {
      paperId: paper.paperId,
      updatedAt: paper.updatedAt,
    });
    expect((await found(q)).total).toBe(0);
  });

  it('leaves out what a hidden category or journal holds, and brings it back when shown', async () => {
    const desk = await editorDesk();
    const tag = uniqueWord();
    const category = await desk.post<{ categoryId: number; updatedAt: string }>(
      '/api/amsw1101/content/categories/save',
      { kind: 'article', nameZh: `搜尋分類 ${tag}`, sort: 99 },
    );
    const form = { kind: 'article', categoryId: category.data.categoryId, nameZh: `搜尋分類 ${tag}`, sort: 99 };
    const article = await desk.post<DeskArticle>('/api/amsw1101/content/articles/save', {
      categoryId: category.data.categoryId,
      titleZh: `呼吸治療 ${tag}`,
      publish: true,
    });
    const q = `呼吸治療 ${tag}`;
    expect(ids(await found(q), 'article')).toEqual([article.data.articleId]);
    const hidden = await desk.post<{ updatedAt: string }>('/api/amsw1101/content/categories/save', {
      ...form,
      updatedAt: category.data.updatedAt,
      visible: false,
    });
    expect(hidden.code).toBe(0);
    expect((await found(q)).total).toBe(0);
    await desk.post('/api/amsw1101/content/categories/save', {
      ...form,
      updatedAt: hidden.data.updatedAt,
      visible: true,
    });
    expect(ids(await found(q), 'article')).toEqual([article.data.articleId]);

    const journal = await desk.post<{ journalListId: number; updatedAt: string; coverFileId: number }>(
      '/api/amsw1101/content/journals/save',
      { nameZh: `隱藏期刊 ${tag}` },
    );
    const volume = await desk.post<{ volumes: { journalVolumeId: number }[] }>(
      '/api/amsw1101/content/journals/volumes/save',
      { journalListId: journal.data.journalListId, volume: 1, year: 2025 },
    );
    const issue = await desk.post<{ volumes: { issues: { journalNumberId: number }[] }[] }>(
      '/api/amsw1101/content/journals/issues/save',
      { journalVolumeId: volume.data.volumes[0]!.journalVolumeId, number: 1, publish: true },
    );
    await desk.post('/api/amsw1101/content/journals/papers/save', {
      journalNumberId: issue.data.volumes[0]!.issues[0]!.journalNumberId,
      titleZh: `呼吸治療研究 ${tag}`,
      authorsZh: '林美華',
    });
    expect(ids(await found(q, { kind: 'paper' }), 'paper')).toHaveLength(1);
    const off = await desk.post('/api/amsw1101/content/journals/save', {
      journalListId: journal.data.journalListId,
      nameZh: `隱藏期刊 ${tag}`,
      coverFileId: journal.data.coverFileId,
      visible: false,
      updatedAt: journal.data.updatedAt,
    });
    expect(off.code).toBe(0);
    expect((await found(q, { kind: 'paper' })).total).toBe(0);
  });

  it('ranks a title match above a body match and pages the results', async () => {
    const desk = await editorDesk();
    const categoryId = await firstCategory();
    const tag = uniqueWord();
    const inBody = await desk.post<DeskArticle>('/api/amsw1101/content/articles/save', {
      categoryId,
      titleZh: `年會公告 ${tag}`,
      bodyZh: '<p>本次年會將討論敗血症的新定義。</p>',
      publish: true,
    });
    const inTitle = await desk.post<DeskArticle>('/api/amsw1101/content/articles/save', {
      categoryId,
      titleZh: `敗血症治療共識 ${tag}`,
      bodyZh: '<p>共識內容。</p>',
      publish: true,
    });
    for (let i = 0; i < 10; i++)
      await desk.post('/api/amsw1101/content/articles/save', {
        categoryId,
        titleZh: `${tag} 其他 ${i}`,
        bodyZh: '<p>敗血症</p>',
        publish: true,
      });
    const first = await found(`敗血症 ${tag}`);
    expect(first.total).toBe(12);
    expect(first.totalPages).toBe(2);
    expect(first.list).toHaveLength(10);
    expect(first.list[0]!.id).toBe(inTitle.data.articleId);
    const second = await found(`敗血症 ${tag}`, { page: '2' });
    expect(second.list).toHaveLength(2);
    expect([...first.list, ...second.list].map((r) => r.id)).toContain(inBody.data.articleId);
    expect(new Set([...first.list, ...second.list].map((r) => r.id)).size).toBe(12);
    expect((await found(`敗血症 ${tag}`, { page: '3' })).list).toEqual([]);
  });

  it('pages past the first hundred matches in the same order, none twice and none lost', async () => {
    const desk = await editorDesk();
    const categoryId = await firstCategory();
    const tag = uniqueWord();
    const save = (title: string, body: string) =>
      desk
        .post<DeskArticle>('/api/amsw1101/content/articles/save', {
          categoryId,
          titleZh: title,
          bodyZh: body,
          publish: true,
        })
        .then((res) => res.data.articleId);
    // Three titled with the query, then 112 naming it in the same body, one after another (newest last).
    const titled: number[] = [];
    for (let i = 0; i < 3; i++) titled.push(await save(`破傷風疫苗指引 ${i}`, `<p>${tag}</p>`));
    const mentions: number[] = [];
    for (let i = 0; i < 112; i++) mentions.push(await save(`年會公告 ${i}`, `<p>破傷風疫苗 ${tag}</p>`));
    const q = `破傷風疫苗 ${tag}`;
    const first = await found(q);
    expect(first.total).toBe(115);
    expect(first.totalPages).toBe(12);
    expect(first.counts.article).toBe(115);
    const pages = [first];
    for (let page = 2; page <= 12; page++) pages.push(await found(q, { page: String(page) }));
    const order = pages.flatMap((p) => p.list.map((r) => r.id));
    expect(pages.map((p) => p.list.length)).toEqual([10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 5]);
    expect(new Set(order).size).toBe(115);
    // The titles first; then the mentions, whose text is the same, newest first: the first 97 ranked
    // by their whole text, the rest (pages 11 and 12) in the order by title, then newest.
    expect(order.slice(0, 3).sort()).toEqual([...titled].sort());
    const newest = [...mentions].reverse();
    expect(order.slice(3)).toEqual(newest);
    expect((await found(q, { page: '13' })).list).toEqual([]);
  });

  it('answers bad input with a clear envelope, never a failure', async () => {
    expect((await api('/api/amsw0308')).body).toMatchObject({ code: -2, data: { fields: ['q'] } });
    for (const q of ['', '   ', 'x'.repeat(201), '檢'.repeat(1000)]) {
      const res = await search({ q });
      expect(res.status, JSON.stringify(q)).toBe(200);
      expect(res.body, JSON.stringify(q)).toMatchObject({ code: -10, data: { fields: ['q'] } });
    }
    // An unpaired surrogate cannot cross a URL: it arrives as U+FFFD (or its bytes undecodable, the
    // same), a symbol that finds nothing.
    for (const raw of [new URLSearchParams({ q: '\uD800' }).toString().slice(2), '%ED%A0%80', '%ED%B0%80', '%C0%AF']) {
      const res = await api<Answer>(`/api/amsw0308?q=${raw}`);
      expect(res.body, raw).toMatchObject({ code: 0, data: { total: 0 } });
    }
    expect((await api<Answer>('/api/amsw0308?q=x%ED%A0%80y')).body.code).toBe(0);
    // 200 characters is still a query.
    expect((await search({ q: '檢'.repeat(200) })).body.code).toBe(0);
    // Punctuation, SQL and pattern characters: a valid query that finds nothing, or finds as words.
    for (const q of ['%', '_', "'", '\\', '.*', "'; DROP TABLE search_terms; --", '%_%', '？！，。', '(?:a+)+$']) {
      const res = await search({ q });
      expect(res.body.code, q).toBe(0);
      expect(res.body.data.total, q).toBe(0);
    }
    for (const [key, value] of [
      ['kind', 'news'],
      ['year', '20x4'],
      ['when', 'soon'],
      ['page', '0'],
      ['locale', 'fr'],
    ] as const) {
      expect((await search({ q: 'guideline', [key]: value })).body, key).toMatchObject({
        code: -10,
        data: { fields: [key] },
      });
    }
    expect((await api('/api/amsw0308?q=x', { method: 'POST' })).body.code).toBe(-4);
  });

  it('is cached for anonymous readers as other public answers are', async () => {
    const res = await search({ q: 'guideline' });
    expect(res.headers.get('cache-control')).toBe('public, max-age=30');
  });
});

describe('downloads named on articles, events and pages', () => {
  it('finds a download by its label, by kind, with the item naming it, exactly while that item is public', async () => {
    // The demo's credit forms article names two downloads, its application form and its rules.
    const rules = await found('積分申請須知', { kind: 'file' });
    expect(rules.list).toEqual([
      expect.objectContaining({
        kind: 'file',
        title: '積分申請須知',
        parentTitle: '2027 年繼續教育積分申請表單下載',
        otherLanguage: false,
        passage: [],
      }),
    ]);
    const fileId = rules.list[0]!.id;
    expect(rules.list[0]!.path).toBe(`/api/amsw1002?fileId=${fileId}`);
    expect(marked(rules.list[0]!.titleParts)).toEqual(['積分申請須知']);
    // Its address is the download the page links to, open to anyone while the article is public.
    expect((await fetch(`${baseUrl()}${rules.list[0]!.path}`)).status).toBe(200);
    // Counted as its own kind; unfiltered, it is among the results.
    const all = await found('積分申請須知');
    expect(all.counts.file).toBe(1);
    expect(ids(all, 'file')).toEqual([fileId]);
    expect((await found('積分申請須知', { kind: 'page' })).list).toEqual([]);
    // In English: its English label and the article's English title; the address has no language.
    const english = await found('rules credit', { kind: 'file' }, 'en-us');
    expect(english.list).toEqual([
      expect.objectContaining({
        id: fileId,
        title: 'Rules for credit applications',
        parentTitle: 'Education credit application forms for 2027',
        path: `/api/amsw1002?fileId=${fileId}`,
      }),
    ]);
    // An event's programme, one file on several events: one result for each event naming it.
    const programme = await found('大會議程', { kind: 'file' });
    expect(programme.list.map((r) => r.parentTitle)).toContain('第十五屆會員大會暨學術研討會');
    expect(new Set(programme.list.map((r) => r.parentTitle)).size).toBe(programme.list.length);

    // The article withdrawn: its downloads go at once; published again, they come back.
    const desk = await editorDesk();
    const [articleId] = ids(await found('繼續教育積分申請表單', { kind: 'article' }), 'article');
    const withdrawn = await desk.post<DeskArticle>('/api/amsw1101/content/articles/unpublish', { articleId });
    expect(withdrawn.data.state).toBe('withdrawn');
    expect((await found('積分申請須知', { kind: 'file' })).total).toBe(0);
    expect((await found('rules credit', {}, 'en-us')).counts.file).toBe(0);
    const again = await desk.post<DeskArticle>('/api/amsw1101/content/articles/save', {
      ...(await storedArticleForm(desk, articleId!)),
      publish: true,
    });
    expect(again.data.state).toBe('published');
    expect(ids(await found('積分申請須知', { kind: 'file' }), 'file')).toEqual([fileId]);
  });
});

interface DeskRow {
  articleId?: number;
  eventId?: number;
  state: string;
}

describe('the staff content lists search the index', () => {
  /** The desk's list for words, as the console's list asks for it. */
  async function deskList(desk: Awaited<ReturnType<typeof editorDesk>>, kind: 'articles' | 'events', q: string) {
    const res = await desk.call<{ rows: DeskRow[]; total: number }>(
      `/api/amsw1101/content/${kind}?q=${encodeURIComponent(q)}`,
    );
    expect(res.code, q).toBe(0);
    return res.data;
  }

  it('finds drafts, scheduled, withdrawn and hidden items by words of their text, in the list’s own order', async () => {
    const desk = await editorDesk();
    const categoryId = await firstCategory();
    const tag = uniqueWord();
    // Older, and the words in its title: site search would rank it first, the desk lists it second.
    const titled = await desk.post<DeskArticle>('/api/amsw1101/content/articles/save', {
      categoryId,
      titleZh: `腹部超音波檢查 ${tag}`,
      bodyZh: '<p>準備事項</p>',
    });
    // A draft whose words are only in its body, in both languages.
    const draft = await desk.post<DeskArticle>('/api/amsw1101/content/articles/save', {
      categoryId,
      titleZh: `年度報告 ${tag}`,
      titleEn: `Annual report ${tag}`,
      bodyZh: '<p>本會今年推廣<strong>腹部超音波</strong>檢查。</p>',
      bodyEn: '<p>Training in bedside echocardiography guidelines.</p>',
    });
    expect(draft.data.state).toBe('draft');
    const draftId = draft.data.articleId;
    const titledId = titled.data.articleId;

    const rows = async (q: string) => (await deskList(desk, 'articles', q)).rows.map((r) => r.articleId);
    // Chinese inside a word, most recently changed first (not by rank).
    expect(await rows(`超音波 ${tag}`)).toEqual([draftId, titledId]);
    // Simplified for traditional; a word only in the body.
    expect(await rows(`检查 推广 ${tag}`)).toEqual([draftId]);
    // English by word form, found whatever the console's language; both languages' texts are searched.
    expect(await rows(`guideline ECHOCARDIOGRAPHY ${tag}`)).toEqual([draftId]);
    const english = await desk.call<{ rows: DeskRow[] }>(
      `/api/amsw1101/content/articles?q=${encodeURIComponent(`推廣 ${tag}`)}`,
      { headers: { Lang: 'en-us' } },
    );
    expect(english.data.rows.map((r) => r.articleId)).toEqual([draftId]);
    // Every word must match; the state filter still applies.
    expect(await rows(`超音波 心臟 ${tag}`)).toEqual([]);
    const published = await desk.call<{ rows: DeskRow[] }>(
      `/api/amsw1101/content/articles?state=published&q=${encodeURIComponent(`超音波 ${tag}`)}`,
    );
    expect(published.data.rows).toEqual([]);

    // Scheduled, then withdrawn: still found by its text.
    const scheduled = await desk.post<DeskArticle>('/api/amsw1101/content/articles/save', {
      articleId: draftId,
      categoryId,
      titleZh: `年度報告 ${tag}`,
      titleEn: `Annual report ${tag}`,
      bodyZh: '<p>本會今年推廣<strong>腹部超音波</strong>檢查。</p>',
      bodyEn: '<p>Training in bedside echocardiography guidelines.</p>',
      publish: true,
      publishedOn: '2099-01-01',
    });
    expect(scheduled.data.state).toBe('scheduled');
    expect((await deskList(desk, 'articles', `推廣 ${tag}`)).rows).toEqual([
      expect.objectContaining({ articleId: draftId, state: 'scheduled' }),
    ]);

    // An article in a hidden category, published then withdrawn.
    const category = await desk.post<{ categoryId: number }>('/api/amsw1101/content/categories/save', {
      kind: 'article',
      nameZh: `內部分類 ${tag}`,
      sort: 99,
      visible: false,
    });
    const hidden = await desk.post<DeskArticle>('/api/amsw1101/content/articles/save', {
      categoryId: category.data.categoryId,
      titleZh: `內部通知 ${tag}`,
      bodyZh: '<p>血液透析室輪值表</p>',
      publish: true,
    });
    await desk.post('/api/amsw1101/content/articles/unpublish', { articleId: hidden.data.articleId });
    expect((await deskList(desk, 'articles', `透析 ${tag}`)).rows).toEqual([
      expect.objectContaining({ articleId: hidden.data.articleId, state: 'withdrawn' }),
    ]);

    // The console's list page finds it the same way.
    const pageZh = await desk.page(`/staff/content/articles?q=${encodeURIComponent(`透析 ${tag}`)}`);
    expect(pageZh.html).toContain(`內部通知 ${tag}`);
    expect(pageZh.html).toContain('關鍵字（標題、摘要或內文）');
    const pageEn = await desk.page(`/en-us/staff/content/articles?q=${encodeURIComponent(`透析 ${tag}`)}`);
    expect(pageEn.html).toContain('Words (title, summary or text)');
  });

  it('finds a draft event by words of its description, place or organiser', async () => {
    const desk = await editorDesk();
    const tag = uniqueWord();
    const categories = await api<{ eventCategoryList: { eventCategoryId: number }[] }>('/api/amsw0302/category');
    const event = await desk.post<{ eventId: number; state: string }>('/api/amsw1101/content/events/save', {
      categoryId: categories.body.data.eventCategoryList[0]!.eventCategoryId,
      titleZh: `秋季研討會 ${tag}`,
      descriptionZh: '<p>心臟超音波實作課程</p>',
      organiserZh: 'Taiwan Society of Ultrasound',
      startsAt: '2099-10-01T09:00',
      endsAt: '2099-10-01T17:00',
    });
    expect(event.data.state).toBe('draft');
    const rows = async (q: string) => (await deskList(desk, 'events', q)).rows.map((r) => r.eventId);
    expect(await rows(`超音波 ${tag}`)).toEqual([event.data.eventId]);
    expect(await rows(`心脏 ${tag}`)).toEqual([event.data.eventId]);
    expect(await rows(`societies ${tag}`)).toEqual([event.data.eventId]);
    expect(await rows(`研習 ${tag}`)).toEqual([]);
  });

  it('treats words with nothing to search by as no filter, and keeps the words’ limits', async () => {
    const desk = await editorDesk();
    const all = await deskList(desk, 'articles', '');
    expect(all.total).toBeGreaterThan(0);
    for (const q of ['？！', '%_%', "'", 'the']) expect((await deskList(desk, 'articles', q)).total, q).toBe(all.total);
    // SQL and pattern characters are only separators.
    expect((await deskList(desk, 'articles', "'; DROP TABLE search_documents; -- zqzqzq")).total).toBe(0);
    const long = await desk.call(`/api/amsw1101/content/articles?q=${'x'.repeat(101)}`);
    expect(long).toMatchObject({ code: -10, data: { fields: ['q'] } });
    const longEvents = await desk.call(`/api/amsw1101/content/events?q=${'x'.repeat(101)}`);
    expect(longEvents).toMatchObject({ code: -10, data: { fields: ['q'] } });
  });
});
