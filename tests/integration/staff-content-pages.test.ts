import { describe, expect, it } from 'vitest';
import { picture, upload } from './content-helpers';
import { PDF } from './membership-helpers';
import { ownServerSuite, signedInOn } from './own-server';
import { expectStaffRefusals, type StaffEndpoint } from './staff-refusals';

/**
 * The console's Content section beyond articles (DESIGN.md §19): article categories, events,
 * custom pages and the web info (name and footer).
 * Each change shows on the (page-cached) public pages at once; rich text is sanitised; a form read
 * before a later change is refused; changes are audited; only the content editors may use any of it.
 * On a server of its own, since it changes the footer and hides categories other files read.
 */
const suite = ownServerSuite();
const baseUrl = () => suite.server.url;
const ADMIN = ['admin@example.org', 'Admin2026demo'] as const;
const editorDesk = () => signedInOn(baseUrl(), ...ADMIN);

/** A public page as an anonymous reader gets it (the page cache answers when it can). */
async function publicPage(path: string) {
  const res = await fetch(baseUrl() + path);
  return { status: res.status, cache: res.headers.get('x-cache'), html: await res.text() };
}

async function cached(path: string) {
  await publicPage(path);
  expect((await publicPage(path)).cache, path).toBe('hit');
}

type AuditRow = {
  action: string;
  targetType: string;
  targetId: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
};
/** The audit entries on one target (its type and id), newest first. */
async function auditOf(desk: Awaited<ReturnType<typeof editorDesk>>, type: string, id: number) {
  const action = {
    article_category: 'content.category',
    event_category: 'content.category',
    event: 'content.event',
    custom_page: 'content.page',
    web_info: 'content.webInfo',
  }[type];
  const log = await desk.call<{ rows: AuditRow[] }>(`/api/amsw1101/audit?action=${action}`);
  return log.data.rows.filter((r) => r.targetType === type && r.targetId === String(id));
}

interface DeskCategory {
  categoryId: number;
  nameZh: string;
  sort: number;
  visible: boolean;
  items: number;
  updatedAt: string;
}

describe('the categories desk (articles and events)', () => {
  it('adds a category the news pages list at once, hides it with its articles, and deletes it only when empty', async () => {
    const desk = await editorDesk();
    const name = `分類測試 ${Date.now()}`;
    await cached('/news/list');
    await cached('/en-us/news/list');

    const created = await desk.post<DeskCategory>('/api/amsw1101/content/categories/save', {
      nameZh: name,
      nameEn: 'Category test',
      sort: 5,
    });
    expect(created.code).toBe(0);
    expect(created.data).toMatchObject({ kind: 'article', visible: true, items: 0, sort: 5 });
    const id = created.data.categoryId;
    expect((await publicPage('/news/list')).html).toContain(name);
    expect((await publicPage('/en-us/news/list')).html).toContain('Category test');
    expect((await publicPage(`/article/list/${id}`)).status).toBe(200);

    // An article filed under it shows on the site while the category is shown, and leaves with it.
    const title = `分類內文章 ${Date.now()}`;
    const article = await desk.post<{ articleId: number }>('/api/amsw1101/content/articles/save', {
      categoryId: id,
      titleZh: title,
      publish: true,
    });
    expect(article.code).toBe(0);
    expect((await publicPage('/news/list')).html).toContain(title);

    const current = (await desk.call<{ rows: DeskCategory[] }>('/api/amsw1101/content/categories')).data.rows.find(
      (c) => c.categoryId === id,
    )!;
    expect(current.items).toBe(1);
    const hidden = await desk.post<DeskCategory>('/api/amsw1101/content/categories/save', {
      categoryId: id,
      updatedAt: current.updatedAt,
      nameZh: name,
      nameEn: 'Category test',
      sort: 5,
      visible: false,
    });
    expect(hidden.code).toBe(0);
    expect(hidden.data.visible).toBe(false);
    const news = (await publicPage('/news/list')).html;
    expect(news).not.toContain(name);
    expect(news).not.toContain(title);
    expect((await publicPage(`/article/list/${id}`)).status).toBe(404);
    expect((await publicPage(`/article/detail/${article.data.articleId}`)).status).toBe(404);
    // The editors still file articles under it.
    expect((await desk.page(`/staff/content/articles/${article.data.articleId}`)).html).toContain(name);

    // A form read before that change is refused; so is deleting a category that holds an article.
    const stale = await desk.post('/api/amsw1101/content/categories/save', {
      categoryId: id,
      updatedAt: current.updatedAt,
      nameZh: '舊表單',
    });
    expect(stale.code).toBe(-10);
    expect(stale.message).toContain('變更');
    const inUse = await desk.post('/api/amsw1101/content/categories/delete', {
      categoryId: id,
      updatedAt: hidden.data.updatedAt,
    });
    expect(inUse.code).toBe(-10);
    expect(inUse.message).toContain('1');

    // Moved elsewhere, the article leaves the category empty, and it can go.
    const other = (await desk.call<{ rows: DeskCategory[] }>('/api/amsw1101/content/categories')).data.rows.find(
      (c) => c.categoryId !== id && c.visible,
    )!;
    await desk.post('/api/amsw1101/content/articles/save', {
      articleId: article.data.articleId,
      categoryId: other.categoryId,
      titleZh: title,
    });
    const deleted = await desk.post('/api/amsw1101/content/categories/delete', {
      categoryId: id,
      updatedAt: hidden.data.updatedAt,
    });
    expect(deleted.code).toBe(0);
    expect((await desk.page(`/staff/content/categories/${id}`)).status).toBe(404);
    expect((await publicPage('/news/list')).html).toContain(title);

    const log = await auditOf(desk, 'article_category', id);
    expect(log.map((r) => r.action)).toEqual([
      'content.category.delete',
      'content.category.update',
      'content.category.create',
    ]);
    expect(log[1]!.before).toEqual({ visible: true });
    expect(log[1]!.after).toEqual({ visible: false });

    const list = await desk.page('/en-us/staff/content/categories');
    expect(list.status).toBe(200);
    expect(list.html).toContain('Article categories');
    expect(list.html).toContain('Event categories');
  });

  it('keeps the event categories the same way: a hidden one takes its events off the site', async () => {
    const desk = await editorDesk();
    const name = `活動分類 ${Date.now()}`;
    await cached('/event/list');
    const created = await desk.post<DeskCategory>('/api/amsw1101/content/categories/save', {
      kind: 'event',
      nameZh: name,
      nameEn: 'Event kind test',
      sort: 9,
    });
    expect(created.code).toBe(0);
    const id = created.data.categoryId;
    expect((await publicPage('/event/list')).html).toContain(name);
    expect((await publicPage('/en-us/event/list')).html).toContain('Event kind test');
    const day = new Date(Date.now() + 24 * 3_600_000).toISOString().slice(0, 10);
    const title = `分類內活動 ${Date.now()}`;
    const event = await desk.post<{ eventId: number }>('/api/amsw1101/content/events/save', {
      categoryId: id,
      titleZh: title,
      startsAt: `${day}T09:00`,
      endsAt: `${day}T18:00`,
      publish: true,
    });
    expect(event.code).toBe(0);
    expect((await publicPage(`/event/detail/${event.data.eventId}`)).status).toBe(200);

    const hidden = await desk.post<DeskCategory>('/api/amsw1101/content/categories/save', {
      kind: 'event',
      categoryId: id,
      updatedAt: created.data.updatedAt,
      nameZh: name,
      nameEn: 'Event kind test',
      sort: 9,
      visible: false,
    });
    expect(hidden.data).toMatchObject({ visible: false, items: 1 });
    const events = (await publicPage('/event/list')).html;
    expect(events).not.toContain(name);
    expect(events).not.toContain(title);
    expect((await publicPage(`/event/detail/${event.data.eventId}`)).status).toBe(404);
    expect((await publicPage(`/event/list/${id}`)).status).toBe(404);
    const inUse = await desk.post('/api/amsw1101/content/categories/delete', {
      kind: 'event',
      categoryId: id,
      updatedAt: hidden.data.updatedAt,
    });
    expect(inUse.code).toBe(-10);
    // The editors still see and file events under it; the article categories do not list it.
    expect((await desk.page(`/staff/content/events/${event.data.eventId}`)).html).toContain(name);
    const articleKinds = await desk.call<{ rows: DeskCategory[] }>('/api/amsw1101/content/categories');
    expect(articleKinds.data.rows.map((r) => r.categoryId)).not.toContain(id);
    expect((await desk.page(`/staff/content/categories?kind=event`)).html).toContain(name);
    const log = await auditOf(desk, 'event_category', id);
    expect(log.map((r) => r.action)).toEqual(['content.category.update', 'content.category.create']);
  });

  it('refuses bad input: no Chinese name, a bad order, a change without its form time, an unknown category', async () => {
    const desk = await editorDesk();
    const save = (body: Record<string, unknown>) => desk.post('/api/amsw1101/content/categories/save', body);
    expect((await save({ nameZh: '  ' })).code).toBe(-10);
    expect((await save({ nameZh: '名稱', sort: -1 })).code).toBe(-10);
    expect((await save({ categoryId: 1, nameZh: '名稱' })).code).toBe(-2);
    expect((await save({ categoryId: 999_999, nameZh: '名稱', updatedAt: new Date().toISOString() })).code).toBe(-16);
    expect(
      (await desk.post('/api/amsw1101/content/categories/delete', { categoryId: 1, updatedAt: 'yesterday' })).code,
    ).toBe(-5);
    expect((await save({ kind: 'journal', nameZh: '名稱' })).code).toBe(-10);
    expect((await desk.page('/staff/content/categories/999999')).status).toBe(404);
    expect((await desk.page('/staff/content/categories/1?kind=journal')).status).toBe(404);
  });
});

interface DeskEvent {
  eventId: number;
  state: string;
  descriptionZh: string;
  startsAt: string;
  updatedAt: string;
  previewUrl: string;
}

async function firstEventCategory(): Promise<number> {
  const res = await fetch(`${baseUrl()}/api/amsw0302/category`);
  const body = (await res.json()) as { data: { eventCategoryList: { eventCategoryId: number }[] } };
  return body.data.eventCategoryList[0]!.eventCategoryId;
}

describe('the events desk', () => {
  it('keeps a draft off the site, shows it by its preview link, and publishes, edits and unpublishes it at once', async () => {
    const desk = await editorDesk();
    const categoryId = await firstEventCategory();
    const title = `活動測試 ${Date.now()}`;
    // Tomorrow (UTC date; it ends after now in Taipei), so the event heads the upcoming list's first page.
    const day = new Date(Date.now() + 24 * 3_600_000).toISOString().slice(0, 10);
    const form = {
      categoryId,
      titleZh: title,
      titleEn: 'Event test',
      placeZh: '台大醫院國際會議中心',
      placeEn: 'NTUH International Convention Center',
      descriptionZh: '<p>議程</p><script>alert(1)</script><a href="javascript:alert(2)">x</a>',
      startsAt: `${day}T09:00`,
      endsAt: `${day}T17:30`,
      registrationUrl: 'https://example.org/register',
    };
    await cached('/event/list');
    await cached('/en-us/event/list');

    const draft = await desk.post<DeskEvent>('/api/amsw1101/content/events/save', form);
    expect(draft.code).toBe(0);
    expect(draft.data.state).toBe('draft');
    expect(draft.data.startsAt).toBe(`${day}T09:00`);
    expect(draft.data.descriptionZh).toContain('<p>議程</p>');
    expect(draft.data.descriptionZh).not.toMatch(/script|javascript/);
    const id = draft.data.eventId;
    expect((await publicPage('/event/list')).html).not.toContain(title);
    expect((await publicPage(`/event/detail/${id}`)).status).toBe(404);
    const preview = await publicPage(draft.data.previewUrl);
    expect(preview.status).toBe(200);
    expect(preview.html).toContain(title);

    const published = await desk.post<DeskEvent>('/api/amsw1101/content/events/save', {
      ...form,
      eventId: id,
      updatedAt: draft.data.updatedAt,
      publish: true,
    });
    expect(published.code).toBe(0);
    expect(published.data.state).toBe('published');
    expect((await publicPage('/event/list')).html).toContain(title);
    expect((await publicPage('/en-us/event/list')).html).toContain('Event test');
    const detail = await publicPage(`/event/detail/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.html).toContain('台大醫院國際會議中心');
    expect(detail.html).toContain('https://example.org/register');

    const moved = await desk.post<DeskEvent>('/api/amsw1101/content/events/save', {
      ...form,
      eventId: id,
      updatedAt: published.data.updatedAt,
      placeZh: '高雄展覽館',
    });
    expect(moved.data.state).toBe('published');
    expect((await publicPage(`/event/detail/${id}`)).html).toContain('高雄展覽館');

    // The form read before that edit is refused, for a save and for an unpublish.
    const stale = await desk.post('/api/amsw1101/content/events/save', {
      ...form,
      eventId: id,
      updatedAt: published.data.updatedAt,
    });
    expect(stale.code).toBe(-10);
    expect(
      (await desk.post('/api/amsw1101/content/events/unpublish', { eventId: id, updatedAt: published.data.updatedAt }))
        .code,
    ).toBe(-10);
    expect((await publicPage(`/event/detail/${id}`)).html).toContain('高雄展覽館');

    const unpublished = await desk.post<DeskEvent>('/api/amsw1101/content/events/unpublish', {
      eventId: id,
      updatedAt: moved.data.updatedAt,
    });
    expect(unpublished.code).toBe(0);
    expect(unpublished.data.state).toBe('draft');
    expect((await publicPage('/event/list')).html).not.toContain(title);
    expect((await publicPage(`/event/detail/${id}`)).status).toBe(404);
    const again = await desk.post('/api/amsw1101/content/events/unpublish', {
      eventId: id,
      updatedAt: unpublished.data.updatedAt,
    });
    expect(again.code).toBe(-10);

    const drafts = await desk.call<{ rows: { eventId: number; state: string }[] }>(
      `/api/amsw1101/content/events?state=draft&q=${encodeURIComponent(title)}`,
    );
    expect(drafts.data.rows).toEqual([expect.objectContaining({ eventId: id, state: 'draft' })]);
    expect(
      (
        await desk.call<{ rows: unknown[] }>(
          `/api/amsw1101/content/events?state=published&q=${encodeURIComponent(title)}`,
        )
      ).data.rows,
    ).toEqual([]);

    const log = await auditOf(desk, 'event', id);
    expect(log.map((r) => r.action)).toEqual([
      'content.event.unpublish',
      'content.event.update',
      'content.event.publish',
      'content.event.create',
    ]);
    expect(log[1]!.before).toEqual({
      place: { 'zh-tw': '台大醫院國際會議中心', 'en-us': 'NTUH International Convention Center' },
    });
    expect(JSON.stringify(log[3]!.after)).not.toContain('<p>');

    const page = await desk.page(`/en-us/staff/content/events/${id}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('/preview/event/');
    expect((await desk.page(`/staff/content/events?q=${encodeURIComponent(title)}`)).html).toContain(title);
    expect((await desk.page('/staff/content/events?q=nothing-like-this-anywhere')).html).toContain('查無活動');
  });

  it("sets an event's cover from the files, which the event page shows at once, and refuses a PDF", async () => {
    const desk = await editorDesk();
    const cover = await upload(desk, new File([await picture(1600, 600, 'png')], 'event-cover.png'));
    const pdf = await upload(desk, new File([PDF], 'programme.pdf'));
    const day = new Date(Date.now() + 2 * 24 * 3_600_000).toISOString().slice(0, 10);
    const form = {
      categoryId: await firstEventCategory(),
      titleZh: `封面活動 ${Date.now()}`,
      startsAt: `${day}T09:00`,
      endsAt: `${day}T12:00`,
    };
    const created = await desk.post<{ eventId: number; coverFileId: number | null; updatedAt: string }>(
      '/api/amsw1101/content/events/save',
      { ...form, coverFileId: cover.data.fileId, publish: true },
    );
    expect(created.code).toBe(0);
    expect(created.data.coverFileId).toBe(cover.data.fileId);
    const path = `/event/detail/${created.data.eventId}`;
    expect((await publicPage(path)).html).toContain(`fileId=${cover.data.fileId}`);
    const refused = await desk.post<{ fields: string[] }>('/api/amsw1101/content/events/save', {
      ...form,
      eventId: created.data.eventId,
      coverFileId: pdf.data.fileId,
      updatedAt: created.data.updatedAt,
    });
    expect(refused.code).toBe(-10);
    expect(refused.data.fields).toEqual(['coverFileId']);
    const removed = await desk.post<{ coverFileId: number | null }>('/api/amsw1101/content/events/save', {
      ...form,
      eventId: created.data.eventId,
      coverFileId: null,
      updatedAt: created.data.updatedAt,
    });
    expect(removed.code).toBe(0);
    expect(removed.data.coverFileId).toBeNull();
    expect((await publicPage(path)).html).not.toContain(`fileId=${cover.data.fileId}`);
    expect((await desk.page(`/staff/content/events/${created.data.eventId}`)).html).toContain('封面圖片');
  });

  it('refuses bad input: no Chinese title, an end before the start, a bad time, a non-web link, an unknown event', async () => {
    const desk = await editorDesk();
    const categoryId = await firstEventCategory();
    const base = { categoryId, titleZh: '活動', startsAt: '2030-01-01T09:00', endsAt: '2030-01-01T10:00' };
    const save = (body: Record<string, unknown>) => desk.post('/api/amsw1101/content/events/save', body);
    expect((await save({ ...base, titleZh: ' ' })).code).toBe(-10);
    const backwards = await save({ ...base, endsAt: '2030-01-01T08:00' });
    expect(backwards.code).toBe(-10);
    expect(backwards.data).toEqual({ fields: ['endsAt'] });
    expect((await save({ ...base, startsAt: '2030-02-30T09:00' })).code).toBe(-5);
    expect((await save({ ...base, registrationUrl: 'javascript:alert(1)' })).code).toBe(-10);
    expect((await save({ ...base, categoryId: 999_999 })).code).toBe(-10);
    expect((await save({ ...base, eventId: 999_999, updatedAt: new Date().toISOString() })).code).toBe(-18);
    expect((await desk.call('/api/amsw1101/content/events?state=gone')).code).toBe(-10);
    expect((await desk.page('/staff/content/events/999999')).status).toBe(404);
  });
});

interface DeskPage {
  pageId: number;
  slug: string;
  state: string;
  bodyZh: string | null;
  updatedAt: string;
}

describe('the custom pages desk', () => {
  it('keeps a draft off its address, and publishes, edits and unpublishes it at once', async () => {
    const desk = await editorDesk();
    const slug = `about/test-${Date.now()}`;
    const form = {
      slug,
      titleZh: '理監事名單測試',
      titleEn: 'Board test',
      bodyZh: '<h2>理事長</h2><p>王大明</p><iframe src="https://evil.example"></iframe><p onclick="x()">副理事長</p>',
      bodyEn: '<p>President: Wang</p>',
    };
    const draft = await desk.post<DeskPage>('/api/amsw1101/content/pages/save', form);
    expect(draft.code).toBe(0);
    expect(draft.data.state).toBe('draft');
    expect(draft.data.bodyZh).toContain('<p>王大明</p>');
    expect(draft.data.bodyZh).not.toMatch(/iframe|onclick/);
    expect((await publicPage(`/${slug}`)).status).toBe(404);

    const published = await desk.post<DeskPage>('/api/amsw1101/content/pages/save', {
      ...form,
      pageId: draft.data.pageId,
      updatedAt: draft.data.updatedAt,
      publish: true,
    });
    expect(published.data.state).toBe('published');
    const page = await publicPage(`/${slug}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('王大明');
    expect(page.html).not.toContain('evil.example');
    expect((await publicPage(`/en-us/${slug}`)).html).toContain('President: Wang');
    await cached(`/${slug}`);

    const edited = await desk.post<DeskPage>('/api/amsw1101/content/pages/save', {
      ...form,
      pageId: draft.data.pageId,
      updatedAt: published.data.updatedAt,
      bodyZh: '<p>陳小華</p>',
    });
    expect(edited.code).toBe(0);
    expect((await publicPage(`/${slug}`)).html).toContain('陳小華');
    const stale = await desk.post('/api/amsw1101/content/pages/save', {
      ...form,
      pageId: draft.data.pageId,
      updatedAt: published.data.updatedAt,
    });
    expect(stale.code).toBe(-10);

    // Another page cannot take its address.
    const twin = await desk.post('/api/amsw1101/content/pages/save', { ...form, titleZh: '另一頁' });
    expect(twin.code).toBe(-13);
    expect(twin.data).toEqual({ fields: ['slug'] });

    const unpublished = await desk.post<DeskPage>('/api/amsw1101/content/pages/unpublish', {
      pageId: draft.data.pageId,
      updatedAt: edited.data.updatedAt,
    });
    expect(unpublished.data.state).toBe('draft');
    expect((await publicPage(`/${slug}`)).status).toBe(404);

    const log = await auditOf(desk, 'custom_page', draft.data.pageId);
    expect(log.map((r) => r.action)).toEqual([
      'content.page.unpublish',
      'content.page.update',
      'content.page.publish',
      'content.page.create',
    ]);
    const list = await desk.page('/staff/content/pages');
    expect(list.html).toContain(`/${slug}`);
    expect((await desk.page(`/en-us/staff/content/pages/${draft.data.pageId}`)).html).toContain('Draft');
  });

  it('finds a page by a word of its text, by state, in both languages, and pages the list', async () => {
    const desk = await editorDesk();
    const stamp = Date.now();
    const save = (slug: string, titleZh: string, bodyZh: string, publish: boolean) =>
      desk.post<DeskPage>('/api/amsw1101/content/pages/save', {
        slug,
        titleZh,
        titleEn: `${titleZh} (en)`,
        bodyZh,
        publish,
      });
    const drafted = await save(
      `about/bylaws-${stamp}`,
      '學會章程草案',
      '<p>第五條：會員大會之<strong>臨時動議</strong>程序。</p>',
      false,
    );
    const live = await save(`about/rules-${stamp}`, '議事規則', '<p>本會議事依臨时動議處理。</p>', true);
    expect([drafted.code, live.code]).toEqual([0, 0]);
    type List = { rows: { pageId: number; state: string }[]; total: number; totalPages: number; page: number };
    const list = (query: string) => desk.call<List>(`/api/amsw1101/content/pages?${query}`);
    // A word inside a sentence of the text (simplified in one page), the titles holding none of it.
    const both = await list(`q=${encodeURIComponent('臨時動議')}`);
    expect(both.data.rows.map((r) => r.pageId).sort()).toEqual([drafted.data.pageId, live.data.pageId].sort());
    const drafts = await list(`q=${encodeURIComponent('臨時動議')}&state=draft`);
    expect(drafts.data.rows.map((r) => r.pageId)).toEqual([drafted.data.pageId]);
    const published = await list(`q=${encodeURIComponent('臨時動議')}&state=published`);
    expect(published.data.rows.map((r) => r.pageId)).toEqual([live.data.pageId]);
    expect((await list('state=gone')).code).toBe(-10);
    const all = await list('');
    expect(all.data).toMatchObject({ page: 1, totalPages: 1 });
    expect(all.data.total).toBeGreaterThanOrEqual(2);

    const zh = await desk.page(`/staff/content/pages?q=${encodeURIComponent('臨時動議')}`);
    expect(zh.html).toContain('學會章程草案');
    expect(zh.html).toContain('議事規則');
    expect(zh.html).toContain('關鍵字（標題、摘要或內文）');
    const en = await desk.page(`/en-us/staff/content/pages?q=${encodeURIComponent('臨時動議')}&state=draft`);
    expect(en.html).toContain('學會章程草案');
    expect(en.html).not.toContain('議事規則');
    expect(en.html).toContain('Words (title, summary or text)');
    const none = await desk.page(`/en-us/staff/content/pages?q=${encodeURIComponent('不存在的詞')}`);
    expect(none.html).toContain('No pages found');
  });

  it('refuses bad input: a malformed address, one of the site’s own addresses, no Chinese title, an unknown page', async () => {
    const desk = await editorDesk();
    const save = (body: Record<string, unknown>) => desk.post('/api/amsw1101/content/pages/save', body);
    expect((await save({ slug: 'About Us', titleZh: '關於' })).code).toBe(-10);
    expect((await save({ slug: 'news/extra', titleZh: '關於' })).code).toBe(-10);
    expect((await save({ slug: 'staff', titleZh: '關於' })).code).toBe(-10);
    expect((await save({ slug: 'about/x', titleZh: '' })).code).toBe(-10);
    expect(
      (await save({ slug: 'about/x', titleZh: '關於', pageId: 999_999, updatedAt: new Date().toISOString() })).code,
    ).toBe(-6);
    expect((await desk.page('/staff/content/pages/999999')).status).toBe(404);
  });
});

interface DeskWebInfo {
  officeHoursEn: string;
  links: { labelZh: string; labelEn: string; url: string }[];
  updatedAt: string;
  [field: string]: unknown;
}

describe('the web info desk', () => {
  it('changes the footer every page shows at once, refuses a stale form and bad links, and keeps the audit', async () => {
    const desk = await editorDesk();
    const stored = await desk.call<DeskWebInfo>('/api/amsw1101/content/webInfo');
    expect(stored.code).toBe(0);
    const { updatedAt, ...fields } = stored.data;
    await cached('/en-us/news/list');
    const hours = `Weekdays 08:00–16:00 (test ${Date.now()})`;
    const saved = await desk.post<DeskWebInfo>('/api/amsw1101/content/webInfo/save', {
      ...fields,
      officeHoursEn: hours,
      links: [...fields.links, { labelZh: '交通資訊', labelEn: 'Getting here', url: '/about/transport' }],
      updatedAt,
    });
    expect(saved.code).toBe(0);
    const page = (await publicPage('/en-us/news/list')).html;
    expect(page).toContain(hours);
    expect(page).toContain('Getting here');
    expect((await publicPage('/news/list')).html).toContain('交通資訊');

    const stale = await desk.post('/api/amsw1101/content/webInfo/save', { ...fields, updatedAt });
    expect(stale.code).toBe(-10);
    const bad = await desk.post('/api/amsw1101/content/webInfo/save', {
      ...fields,
      links: [{ labelZh: '壞連結', url: 'javascript:alert(1)' }],
      updatedAt: saved.data.updatedAt,
    });
    expect(bad.code).toBe(-10);
    expect(
      (
        await desk.post('/api/amsw1101/content/webInfo/save', {
          ...fields,
          nameZh: '',
          updatedAt: saved.data.updatedAt,
        })
      ).code,
    ).toBe(-10);

    const log = await auditOf(desk, 'web_info', 1);
    expect(log[0]!.action).toBe('content.webInfo.update');
    expect(Object.keys(log[0]!.after).sort()).toEqual(['links', 'officeHours']);

    // As it was, for the other tests of this run.
    const restored = await desk.post('/api/amsw1101/content/webInfo/save', {
      ...fields,
      updatedAt: saved.data.updatedAt,
    });
    expect(restored.code).toBe(0);
    expect((await publicPage('/en-us/news/list')).html).not.toContain(hours);
    expect((await desk.page('/en-us/staff/content/webInfo')).html).toContain('Footer links');
  });
});

describe('who may use the categories, events, pages and web info desks', () => {
  const endpoints: StaffEndpoint[] = [
    ['/api/amsw1101/content/categories', 'GET'],
    ['/api/amsw1101/content/categories/save', 'POST', { nameZh: 'x' }],
    ['/api/amsw1101/content/categories/delete', 'POST', { categoryId: 1, updatedAt: new Date().toISOString() }],
    ['/api/amsw1101/content/events', 'GET'],
    ['/api/amsw1101/content/events/detail?eventId=1', 'GET'],
    [
      '/api/amsw1101/content/events/save',
      'POST',
      { categoryId: 1, titleZh: 'x', startsAt: '2030-01-01T09:00', endsAt: '2030-01-01T10:00' },
    ],
    ['/api/amsw1101/content/events/unpublish', 'POST', { eventId: 1, updatedAt: new Date().toISOString() }],
    ['/api/amsw1101/content/pages', 'GET'],
    ['/api/amsw1101/content/pages/save', 'POST', { slug: 'about/x', titleZh: 'x' }],
    ['/api/amsw1101/content/pages/unpublish', 'POST', { pageId: 1, updatedAt: new Date().toISOString() }],
    ['/api/amsw1101/content/webInfo', 'GET'],
    ['/api/amsw1101/content/webInfo/save', 'POST', { nameZh: 'x', updatedAt: new Date().toISOString() }],
  ];
  const pages = [
    '/staff/content/categories',
    '/en-us/staff/content/categories/new',
    '/staff/content/categories/1',
    '/staff/content/events',
    '/en-us/staff/content/events/new',
    '/staff/content/events/1',
    '/staff/content/pages',
    '/en-us/staff/content/pages/new',
    '/staff/content/pages/1',
    '/staff/content/webInfo',
  ];

  it('refuses visitors, organisations, members, staff without the editor role, and an editor before the second factor', async () => {
    await expectStaffRefusals({
      base: baseUrl(),
      role: 'editor',
      endpoints,
      pages,
      opens: [
        '/api/amsw1101/content/categories',
        '/api/amsw1101/content/events/detail?eventId=1',
        '/api/amsw1101/content/pages',
      ],
    });
  });
});
