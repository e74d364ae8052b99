import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useMemoryRuntime } from '../../test-runtime';
import { articleCategories, articles, customPages, searchDocuments } from '../../db/schema';
import { indexItems, rebuildSearchIndex, searchIndexEmpty } from './index-content';
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
});
