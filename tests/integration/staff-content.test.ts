import { describe, expect, it } from 'vitest';
import { baseUrl } from './helpers';
import { picture, upload } from './content-helpers';
import { PDF } from './membership-helpers';
import { signedInOn } from './own-server';
import { expectStaffRefusals, type StaffEndpoint } from './staff-refusals';

/**
 * The console's Content section, articles (DESIGN.md §19): drafts stay off the site but open by
 * their preview link; publishing, editing and unpublishing show on the (page-cached) public pages
 * at once; HTML is sanitised; changes are audited; only the content editors may use any of it.
 */
const ADMIN = ['admin@example.org', 'Admin2026demo'] as const;
const editorDesk = () => signedInOn(baseUrl(), ...ADMIN);

interface DeskArticle {
  articleId: number;
  titleZh: string;
  bodyZh: string | null;
  state: string;
  previewUrl: string;
  publishedAt: string | null;
}

/** A public page as an anonymous reader gets it (the page cache answers when it can). */
async function publicPage(path: string) {
  const res = await fetch(baseUrl() + path);
  return { status: res.status, cache: res.headers.get('x-cache'), html: await res.text() };
}

async function firstCategory(): Promise<number> {
  const res = await fetch(`${baseUrl()}/api/amsw0301/category`);
  const body = (await res.json()) as { data: { articleCategoryList: { articleCategoryId: number }[] } };
  return body.data.articleCategoryList[0]!.articleCategoryId;
}

describe('the articles desk', () => {
  it('keeps a draft off the site, shows it by its preview link, and publishes, edits and unpublishes it at once', async () => {
    const desk = await editorDesk();
    const categoryId = await firstCategory();
    const title = `草稿測試 ${Date.now()}`;
    // Both public pages are cached before anything changes.
    for (const path of ['/news/list', '/']) {
      await publicPage(path);
      expect((await publicPage(path)).cache, path).toBe('hit');
    }

    const draft = await desk.post<DeskArticle>('/api/amsw1101/content/articles/save', {
      categoryId,
      titleZh: title,
      titleEn: 'Draft test',
      summaryZh: '摘要',
      bodyZh: '<p>內文</p><script>alert(1)</script><img src=x onerror="alert(2)">',
    });
    expect(draft.code).toBe(0);
    expect(draft.data.state).toBe('draft');
    expect(draft.data.bodyZh).toContain('<p>內文</p>');
    expect(draft.data.bodyZh).not.toMatch(/script|onerror/);
    const id = draft.data.articleId;
    expect((await publicPage('/news/list')).html).not.toContain(title);
    expect((await publicPage('/')).html).not.toContain(title);
    expect((await publicPage(`/article/detail/${id}`)).status).toBe(404);
    const preview = await publicPage(draft.data.previewUrl);
    expect(preview.status).toBe(200);
    expect(preview.html).toContain(title);
    expect((await publicPage(`/preview/article/${id}?token=1.${'a'.repeat(43)}`)).status).toBe(404);

    const published = await desk.post<DeskArticle>('/api/amsw1101/content/articles/save', {
      articleId: id,
      categoryId,
      titleZh: title,
      titleEn: 'Draft test',
      summaryZh: '摘要',
      bodyZh: draft.data.bodyZh,
      publish: true,
    });
    expect(published.code).toBe(0);
    expect(published.data.state).toBe('published');
    expect((await publicPage('/news/list')).html).toContain(title);
    expect((await publicPage('/')).html).toContain(title);
    expect((await publicPage('/en-us/')).html).toContain('Draft test');
    expect((await publicPage(`/article/detail/${id}`)).status).toBe(200);

    const renamed = `${title} 更新`;
    const edited = await desk.post<DeskArticle>('/api/amsw1101/content/articles/save', {
      articleId: id,
      categoryId,
      titleZh: renamed,
      summaryZh: '摘要',
      bodyZh: draft.data.bodyZh,
    });
    expect(edited.data.state).toBe('published');
    expect((await publicPage(`/article/detail/${id}`)).html).toContain(renamed);
    expect((await publicPage('/')).html).toContain(renamed);

    const unpublished = await desk.post<DeskArticle>('/api/amsw1101/content/articles/unpublish', { articleId: id });
    expect(unpublished.data.state).toBe('withdrawn');
    expect((await publicPage('/news/list')).html).not.toContain(renamed);
    expect((await publicPage('/')).html).not.toContain(renamed);
    expect((await publicPage(`/article/detail/${id}`)).status).toBe(404);
    const again = await desk.post('/api/amsw1101/content/articles/unpublish', { articleId: id });
    expect(again.code).toBe(-10);

    // The desk lists it by state and words; the audit log has each step with what changed.
    const withdrawn = await desk.call<{ rows: { articleId: number; state: string }[] }>(
      `/api/amsw1101/content/articles?state=withdrawn&q=${encodeURIComponent(renamed)}`,
    );
    expect(withdrawn.data.rows).toEqual([expect.objectContaining({ articleId: id, state: 'withdrawn' })]);
    const drafts = await desk.call<{ rows: { articleId: number }[] }>(
      `/api/amsw1101/content/articles?state=draft&q=${encodeURIComponent(renamed)}`,
    );
    expect(drafts.data.rows).toEqual([]);
    const log = await desk.call<{
      rows: {
        action: string;
        targetType: string;
        targetId: string;
        before: Record<string, unknown>;
        after: Record<string, unknown>;
      }[];
    }>('/api/amsw1101/audit?action=content');
    // Other desks' rows (an event of the same number) are another target type.
    const mine = log.data.rows
      .filter((r) => r.targetType === 'article' && r.targetId === String(id))
      .map((r) => r.action);
    expect(mine).toEqual([
      'content.article.unpublish',
      'content.article.update',
      'content.article.publish',
      'content.article.create',
    ]);
    const update = log.data.rows.find((r) => r.targetId === String(id) && r.action === 'content.article.update')!;
    expect(update.before).toEqual({ title: { 'zh-tw': title, 'en-us': 'Draft test' } });
    expect(update.after).toEqual({ title: { 'zh-tw': renamed } });
    const created = log.data.rows.find((r) => r.targetId === String(id) && r.action === 'content.article.create')!;
    expect(created.after).toMatchObject({ bodyLength: { 'zh-tw': draft.data.bodyZh!.length } });
    expect(JSON.stringify(created.after)).not.toContain('<p>');

    const pages = await desk.page(`/staff/content/articles?q=${encodeURIComponent(renamed)}`);
    expect(pages.status).toBe(200);
    expect(pages.html).toContain(renamed);
    expect(pages.html).toContain('新增文章');
    const form = await desk.page(`/en-us/staff/content/articles/${id}`);
    expect(form.html).toContain('Withdrawn');
    expect(form.html).toContain('/preview/article/');
    // The new article's form in both languages (the browser tests publish one in English and format
    // one's text in Chinese).
    const newZh = await desk.page('/staff/content/articles/new');
    for (const text of ['標題（中文）', '內文（中文）', '發布']) expect(newZh.html).toContain(text);
    const newEn = await desk.page('/en-us/staff/content/articles/new');
    for (const text of ['Title (English)', 'Text (English)', 'Publish']) expect(newEn.html).toContain(text);
  });

  it("sets an article's cover from the files, which the article page shows at once, and refuses a PDF", async () => {
    const desk = await editorDesk();
    const categoryId = await firstCategory();
    const cover = await upload(desk, new File([await picture(800, 500, 'jpeg')], 'cover.jpeg'));
    const pdf = await upload(desk, new File([PDF], 'not-a-cover.pdf'));
    const title = `封面測試 ${Date.now()}`;
    const created = await desk.post<DeskArticle & { coverFileId: number | null }>(
      '/api/amsw1101/content/articles/save',
      { categoryId, titleZh: title, coverFileId: cover.data.fileId, publish: true },
    );
    expect(created.code).toBe(0);
    expect(created.data.coverFileId).toBe(cover.data.fileId);
    const id = created.data.articleId;
    const path = `/article/detail/${id}`;
    expect((await publicPage(path)).html).toContain(`fileId=${cover.data.fileId}`);

    // A save without the field keeps the cover; a PDF is no cover; null takes it away.
    const kept = await desk.post<{ coverFileId: number | null }>('/api/amsw1101/content/articles/save', {
      articleId: id,
      categoryId,
      titleZh: `${title} 改`,
    });
    expect(kept.data.coverFileId).toBe(cover.data.fileId);
    const refused = await desk.post<{ fields: string[] }>('/api/amsw1101/content/articles/save', {
      articleId: id,
      categoryId,
      titleZh: title,
      coverFileId: pdf.data.fileId,
    });
    expect(refused.code).toBe(-10);
    expect(refused.data.fields).toEqual(['coverFileId']);
    const removed = await desk.post<{ coverFileId: number | null }>('/api/amsw1101/content/articles/save', {
      articleId: id,
      categoryId,
      titleZh: title,
      coverFileId: null,
    });
    expect(removed.data.coverFileId).toBeNull();
    expect((await publicPage(path)).html).not.toContain(`fileId=${cover.data.fileId}`);

    const log = await desk.call<{ rows: { action: string; targetId: string; before: unknown; after: unknown }[] }>(
      '/api/amsw1101/audit?action=content',
    );
    expect(log.data.rows.find((r) => r.targetId === String(id) && r.action === 'content.article.update')).toMatchObject(
      {
        before: { coverFileId: cover.data.fileId },
        after: { coverFileId: null },
      },
    );
    expect((await desk.page(`/en-us/staff/content/articles/${id}`)).html).toContain('Cover picture');
  });

  it('offers each picture once, by its thumbnail, and previews the article in both languages', async () => {
    const desk = await editorDesk();
    const bytes = await picture(641, 397, 'png');
    const first = await upload(desk, new File([bytes], 'twice.png'));
    const again = await upload(desk, new File([bytes], 'twice-again.png'));
    expect(again.data.fileId).not.toBe(first.data.fileId);
    const form = (await desk.page('/en-us/staff/content/articles/new')).html;
    // The newest upload of the same bytes, once, drawn as a thumbnail to choose.
    expect(form).toContain(`<img src="/api/amsw1002?fileId=${again.data.fileId}"`);
    expect(form).not.toContain(`fileId=${first.data.fileId}"`);
    expect(form).toContain('twice-again.png');
    expect(form).not.toContain('twice.png<');
    expect(form).toMatch(/<legend[^>]*>Cover picture<\/legend>/);

    // A cover chosen from the older upload stays offered on its article.
    const created = await desk.post<DeskArticle>('/api/amsw1101/content/articles/save', {
      categoryId: await firstCategory(),
      titleZh: `縮圖 ${Date.now()}`,
      coverFileId: first.data.fileId,
    });
    const page = (await desk.page(`/en-us/staff/content/articles/${created.data.articleId}`)).html;
    expect(page).toContain(`<img src="/api/amsw1002?fileId=${first.data.fileId}"`);
    expect(page).toContain('The cover chosen now');
    // Its preview in each language.
    const preview = `/preview/article/${created.data.articleId}?token=`;
    expect(page).toContain(`href="/zh-tw${preview}`);
    expect(page).toContain(`href="/en-us${preview}`);
    for (const lang of ['zh-tw', 'en-us'] as const) {
      const res = await fetch(`${baseUrl()}/${lang}${created.data.previewUrl}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(lang === 'zh-tw' ? 'lang="zh-Hant-TW"' : 'lang="en-US"');
    }

    // The cover's words in each language: the form holds them, the site reads them in the reader's.
    expect(page).toContain('What the cover shows (English)');
    const described = await desk.post<DeskArticle & { coverAltZh: string; coverAltEn: string }>(
      '/api/amsw1101/content/articles/save',
      {
        articleId: created.data.articleId,
        categoryId: await firstCategory(),
        titleZh: `縮圖 ${Date.now()}`,
        coverAltZh: '理監事合影',
        coverAltEn: 'The board together',
        publish: true,
      },
    );
    expect(described.data).toMatchObject({ coverAltZh: '理監事合影', coverAltEn: 'The board together' });
    const detail = `/article/detail/${created.data.articleId}`;
    const cover = new RegExp(`<img[^>]*src="/api/amsw1002\\?fileId=${first.data.fileId}"[^>]*>`);
    expect(cover.exec((await publicPage(detail)).html)?.[0]).toContain('alt="理監事合影"');
    expect(cover.exec((await publicPage(`/en-us${detail}`)).html)?.[0]).toContain('alt="The board together"');
    // A save without them keeps them; both empty takes them away (the cover is then decorative).
    const kept = await desk.post<{ coverAltEn: string }>('/api/amsw1101/content/articles/save', {
      articleId: created.data.articleId,
      categoryId: await firstCategory(),
      titleZh: `縮圖 ${Date.now()}`,
    });
    expect(kept.data.coverAltEn).toBe('The board together');
    const cleared = await desk.post<{ coverAltZh: string }>('/api/amsw1101/content/articles/save', {
      articleId: created.data.articleId,
      categoryId: await firstCategory(),
      titleZh: `縮圖 ${Date.now()}`,
      coverAltZh: '',
      coverAltEn: '',
    });
    expect(cleared.data.coverAltZh).toBe('');
    expect(cover.exec((await publicPage(detail)).html)?.[0]).toMatch(/ alt(="")?[\s/>]/);
  });

  it('refuses bad input: no Chinese title, an unknown category, a bad date, a wrong id', async () => {
    const desk = await editorDesk();
    const categoryId = await firstCategory();
    const save = (body: Record<string, unknown>) => desk.post('/api/amsw1101/content/articles/save', body);
    expect((await save({ categoryId, titleZh: '  ' })).code).toBe(-10);
    expect((await save({ categoryId: -10, titleZh: '標題' })).code).toBe(-10);
    expect((await save({ categoryId: 999_999, titleZh: '標題' })).code).toBe(-16);
    expect((await save({ categoryId, titleZh: '標題', publishedOn: '2026-13-45' })).code).toBe(-5);
    expect((await save({ articleId: 999_999, categoryId, titleZh: '標題' })).code).toBe(-15);
    expect((await desk.call('/api/amsw1101/content/articles?state=gone')).code).toBe(-10);
    expect((await desk.page('/staff/content/articles/999999')).status).toBe(404);
  });
});

describe('who may use the articles desk', () => {
  const endpoints: StaffEndpoint[] = [
    ['/api/amsw1101/content/articles', 'GET'],
    ['/api/amsw1101/content/articles/detail?articleId=1', 'GET'],
    ['/api/amsw1101/content/articles/save', 'POST', { categoryId: 1, titleZh: 'x' }],
    ['/api/amsw1101/content/articles/unpublish', 'POST', { articleId: 1 }],
  ];
  const pages = [
    '/staff/content',
    '/staff/content/articles',
    '/en-us/staff/content/articles/new',
    '/staff/content/articles/1',
  ];

  it('refuses visitors, organisations, members, staff without the editor role, and an editor before the second factor', async () => {
    await expectStaffRefusals({
      base: baseUrl(),
      role: 'editor',
      endpoints,
      pages,
      opens: ['/api/amsw1101/content/articles', '/api/amsw1101/content/articles/detail?articleId=1'],
    });
  });
});
