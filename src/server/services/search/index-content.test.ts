import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useMemoryRuntime } from '../../test-runtime';
import { articleCategories, articles, customPages, eventCategories, events, searchDocuments } from '../../db/schema';
import { indexCategory, indexItems, rebuildSearchIndex, removeItem, searchIndexEmpty } from './index-content';
import { searchSite } from './search';

const rt = useMemoryRuntime();

describe('the search index', () => {
  it('is written whole from the content, each body type’s text included, and follows an item removed', async () => {
    const { db } = rt().database;
    expect(await searchIndexEmpty(db)).toBe(true);
    const [category] = await db
      .insert(articleCategories)
      .values({ slug: 'news', name: { 'zh-tw': '最新消息' } })
      .returning();
    const published = new Date(Date.now() - 60_000);
    const [article] = await db
      .insert(articles)
      .values({
        categoryId: category!.id,
        title: { 'zh-tw': '年會通知', 'en-us': 'Annual meeting' },
        contentType: 'timeline',
        content: {
          'zh-tw': { timelineList: [{ time: '2024', textContent: '成立呼吸治療委員會' }] },
          'en-us': { timelineList: [{ time: '2024', textContent: 'Respiratory committee founded' }] },
        },
        publishedAt: published,
      })
      .returning();
    const [page] = await db
      .insert(customPages)
      .values({
        slug: 'about/board',
        title: { 'zh-tw': '理事會' },
        contentType: 'committee',
        content: {
          'zh-tw': {
            committeeList: [
              { title: '理事', memberList: [{ name: '王大明', role: '理事長', affiliation: '台大醫院' }] },
            ],
          },
        },
        publishedAt: published,
      })
      .returning();

    expect(await db.transaction((tx) => rebuildSearchIndex(tx))).toEqual({ documents: 2 });
    expect(await searchIndexEmpty(db)).toBe(false);
    const now = new Date();
    const committee = await searchSite({ q: '呼吸治療', locale: 'zh-tw', now });
    expect(committee.list.map((r) => [r.kind, r.id, r.path])).toEqual([
      ['article', article!.id, `/article/detail/${article!.id}`],
    ]);
    const english = await searchSite({ q: 'committees', locale: 'en-us', now });
    expect(english.list[0]).toMatchObject({ title: 'Annual meeting', otherLanguage: false });
    const board = await searchSite({ q: '台大 理事長', locale: 'en-us', now });
    expect(board.list).toEqual([
      expect.objectContaining({ kind: 'page', id: page!.id, path: '/en-us/about/board', otherLanguage: true }),
    ]);

    // Re-indexing an item no longer stored removes it.
    await db.delete(customPages).where(eq(customPages.id, page!.id));
    await db.transaction((tx) => indexItems(tx, 'page', [page!.id]));
    expect(await db.select().from(searchDocuments).where(eq(searchDocuments.kind, 'page'))).toEqual([]);
    expect((await searchSite({ q: '台大', locale: 'zh-tw', now })).total).toBe(0);
  });

  it('indexes each download named on an article, event or page with its item, visible exactly when the item is', async () => {
    const { db } = rt().database;
    const now = new Date();
    const past = new Date(now.getTime() - 60_000);
    const [category] = await db
      .insert(articleCategories)
      .values({ slug: 'forms', name: { 'zh-tw': '表單' } })
      .returning();
    const form = { fileId: 9001, label: { 'zh-tw': '會員入會申請書', 'en-us': 'Membership application form' } };
    const leaflet = { fileId: 9002, label: { 'zh-tw': '防疫衛教單張' } };
    const [article] = await db
      .insert(articles)
      .values({
        categoryId: category!.id,
        title: { 'zh-tw': '入會辦法', 'en-us': 'How to join' },
        // The same file named twice is one download.
        attachments: [form, leaflet, form],
        publishedAt: past,
      })
      .returning();
    const [eventCategory] = await db
      .insert(eventCategories)
      .values({ name: { 'zh-tw': '研討會' } })
      .returning();
    const [event] = await db
      .insert(events)
      .values({
        categoryId: eventCategory!.id,
        title: { 'zh-tw': '秋季研討會' },
        startsAt: new Date('2099-10-01T01:00:00Z'),
        endsAt: new Date('2099-10-01T09:00:00Z'),
        attachments: [form],
        publishedAt: past,
      })
      .returning();
    const [page] = await db
      .insert(customPages)
      .values({ slug: 'join', title: { 'zh-tw': '加入學會' }, attachments: [form], publishedAt: null })
      .returning();
    await db.transaction(async (tx) => {
      await indexItems(tx, 'article', [article!.id]);
      await indexItems(tx, 'event', [event!.id]);
      await indexItems(tx, 'page', [page!.id]);
    });
    const downloads = (rows: { kind: string; parentKind: string | null; parentId: number | null }[]) =>
      rows
        .filter((r) => r.kind === 'file')
        .map((r) => [r.parentKind, r.parentId])
        .sort();
    // One document per item and file; the draft page's too (it is hidden at query time).
    const stored = await db.select().from(searchDocuments).where(eq(searchDocuments.sourceId, form.fileId));
    expect(downloads(stored)).toEqual(
      [
        ['article', article!.id],
        ['event', event!.id],
        ['page', page!.id],
      ].sort(),
    );

    const found = await searchSite({ q: '入會申請書', locale: 'zh-tw', now });
    expect(found.list.map((r) => [r.kind, r.id, r.parentTitle, r.path])).toEqual(
      expect.arrayContaining([
        ['file', form.fileId, '入會辦法', `/api/amsw1002?fileId=${form.fileId}`],
        ['file', form.fileId, '秋季研討會', `/api/amsw1002?fileId=${form.fileId}`],
      ]),
    );
    expect(found.counts.file).toBe(2);
    expect(found.list.find((r) => r.kind === 'file')!.passage).toEqual([]);
    // In English: the English label and the item's English title; the address has no language.
    const english = await searchSite({ q: 'application forms', locale: 'en-us', now, kind: 'file' });
    expect(english.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: 'Membership application form',
          parentTitle: 'How to join',
          path: `/api/amsw1002?fileId=${form.fileId}`,
          otherLanguage: false,
        }),
      ]),
    );
    // Found by the title of the item naming it too, and by kind.
    expect((await searchSite({ q: '秋季研討會', locale: 'zh-tw', now, kind: 'file' })).list.map((r) => r.id)).toEqual([
      form.fileId,
    ]);
    expect((await searchSite({ q: '防疫', locale: 'zh-tw', now, kind: 'article' })).total).toBe(0);

    // The article's category hidden: its downloads go with it; shown again, they come back.
    await db.transaction((tx) => indexCategory(tx, 'article', category!.id, false));
    expect((await searchSite({ q: '防疫', locale: 'zh-tw', now })).total).toBe(0);
    await db.transaction((tx) => indexCategory(tx, 'article', category!.id, true));
    expect((await searchSite({ q: '防疫', locale: 'zh-tw', now })).list.map((r) => r.kind)).toEqual(['file']);

    // An attachment removed from its item: gone at the item's next indexing.
    await db
      .update(articles)
      .set({ attachments: [form] })
      .where(eq(articles.id, article!.id));
    await db.transaction((tx) => indexItems(tx, 'article', [article!.id]));
    expect((await searchSite({ q: '防疫', locale: 'zh-tw', now })).total).toBe(0);

    // The event taken back: its download is gone, the article's stays.
    await db.update(events).set({ publishedAt: null }).where(eq(events.id, event!.id));
    await db.transaction((tx) => indexItems(tx, 'event', [event!.id]));
    expect((await searchSite({ q: '入會申請書', locale: 'zh-tw', now })).list.map((r) => r.parentTitle)).toEqual([
      '入會辦法',
    ]);

    // An item removed takes its downloads along.
    await db.transaction((tx) => removeItem(tx, 'article', article!.id));
    const left = await db
      .select()
      .from(searchDocuments)
      .where(and(eq(searchDocuments.parentKind, 'article'), eq(searchDocuments.parentId, article!.id)));
    expect(left).toEqual([]);

    // A rebuild writes the downloads too.
    const { documents } = await db.transaction((tx) => rebuildSearchIndex(tx));
    const all = await db.select().from(searchDocuments);
    expect(documents).toBe(all.length);
    expect(downloads(all)).toEqual(
      [
        ['article', article!.id],
        ['event', event!.id],
        ['page', page!.id],
      ].sort(),
    );
  });
});
