import { and, asc, eq } from 'drizzle-orm';
import type { SitemapPage } from '../../../lib/feeds';
import {
  articleCategories,
  articles,
  customPages,
  eventCategories,
  events,
  indexParts,
  journalLists,
  journalNumbers,
  journalVolumes,
} from '../../db/schema';
import { runtime } from '../../runtime';
import { articleIsPublic, customPageIsPublic, eventIsPublic, journalNumberIsPublic } from '../content/visibility';

/** Pages that are the same for every reader and exist whatever the content. */
const FIXED_PAGES = [
  '/',
  '/news/list',
  '/event/list',
  '/event/calendar',
  '/externalPost',
  '/login',
  '/webUser/createAccount',
  '/organ/createAccount',
  '/password/forget',
];

/** Every public page, for `sitemap.xml`; kept a minute, like the pages it lists. */
export async function listPublicPages(): Promise<SitemapPage[]> {
  const rt = await runtime();
  return rt.cache.get('sitemap', loadPublicPages, 60_000);
}

async function loadPublicPages(): Promise<SitemapPage[]> {
  const { db } = (await runtime()).database;
  const now = new Date();
  const [articleCats, articleRows, eventCats, eventRows, journals, numbers, linkParts, pages] = await Promise.all([
    db
      .select({ id: articleCategories.id })
      .from(articleCategories)
      .where(eq(articleCategories.visible, true))
      .orderBy(asc(articleCategories.sort)),
    db
      .select({ id: articles.id, updatedAt: articles.updatedAt })
      .from(articles)
      .where(articleIsPublic(now))
      .orderBy(asc(articles.id)),
    db
      .select({ id: eventCategories.id })
      .from(eventCategories)
      .where(eq(eventCategories.visible, true))
      .orderBy(asc(eventCategories.sort)),
    db
      .select({ id: events.id, updatedAt: events.updatedAt })
      .from(events)
      .where(eventIsPublic(now))
      .orderBy(asc(events.id)),
    db
      .select({ id: journalLists.id })
      .from(journalLists)
      .where(eq(journalLists.visible, true))
      .orderBy(asc(journalLists.sort)),
    db
      .select({ volumeId: journalNumbers.journalVolumeId, numberId: journalNumbers.id })
      .from(journalNumbers)
      .innerJoin(journalVolumes, eq(journalNumbers.journalVolumeId, journalVolumes.id))
      .innerJoin(journalLists, eq(journalVolumes.journalListId, journalLists.id))
      .where(and(journalNumberIsPublic(now), eq(journalLists.visible, true)))
      .orderBy(asc(journalNumbers.id)),
    db
      .select({ id: indexParts.id })
      .from(indexParts)
      .where(and(eq(indexParts.type, 'link'), eq(indexParts.visible, true))),
    db
      .select({ slug: customPages.slug, updatedAt: customPages.updatedAt })
      .from(customPages)
      .where(customPageIsPublic(now))
      .orderBy(asc(customPages.slug)),
  ]);
  return [
    ...FIXED_PAGES.map((path) => ({ path })),
    ...articleCats.map((c) => ({ path: `/article/list/${c.id}` })),
    ...articleRows.map((a) => ({ path: `/article/detail/${a.id}`, lastModified: a.updatedAt })),
    ...eventCats.map((c) => ({ path: `/event/list/${c.id}` })),
    ...eventRows.map((e) => ({ path: `/event/detail/${e.id}`, lastModified: e.updatedAt })),
    ...journals.map((j) => ({ path: `/journals/${j.id}` })),
    ...numbers.map((n) => ({ path: `/journals/${n.volumeId}/${n.numberId}` })),
    ...linkParts.map((p) => ({ path: `/imageLink/${p.id}` })),
    ...pages.map((p) => ({ path: `/${p.slug}`, lastModified: p.updatedAt })),
  ];
}
