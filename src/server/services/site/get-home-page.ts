import { asc, desc, eq } from 'drizzle-orm';
import { pickText, truncate } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { articleCategories, articles, indexParts, type IndexPartType } from '../../db/schema';
import { runtime } from '../../runtime';
import { articleIsPublic } from '../content/visibility';
import { listEvents } from '../events/list-events';
import { getFooter, type FooterView } from './get-footer';

export interface NewsItem {
  articleId: number;
  title: string;
  summary: string;
  categoryName: string;
  pinned: boolean;
  publishedAt: string;
}

export interface EventItem {
  eventId: number;
  title: string;
  summary: string;
  place: string;
  startsAt: string;
  endsAt: string;
}

export interface IndexPart {
  indexPartId: number;
  indexPartType: IndexPartType;
  title: string;
  /** ltsnews blocks only: the latest published news. */
  newsList?: NewsItem[];
  /** event blocks only: the next published events. */
  eventList?: EventItem[];
}

export interface HomePage {
  indexPartList: IndexPart[];
  footerInfo: FooterView;
}

/** Home blocks change with publish windows too, so they are kept one minute at most. */
const HOME_TTL_MS = 60_000;

/** The home page's blocks in order, with the news and events they list, and the footer. */
export async function getHomePage(locale: Locale): Promise<HomePage> {
  const rt = await runtime();
  return rt.cache.get(`home:${locale}`, () => buildHomePage(locale), HOME_TTL_MS);
}

async function buildHomePage(locale: Locale): Promise<HomePage> {
  const { db } = (await runtime()).database;
  const parts = await db
    .select()
    .from(indexParts)
    .where(eq(indexParts.visible, true))
    .orderBy(asc(indexParts.sort), asc(indexParts.id));
  const now = new Date();
  const indexPartList = await Promise.all(
    parts.map(async (part): Promise<IndexPart> => {
      const base = { indexPartId: part.id, indexPartType: part.type, title: pickText(part.title, locale) };
      if (part.type === 'ltsnews') return { ...base, newsList: await latestNews(part.itemLimit, now, locale) };
      if (part.type === 'event') return { ...base, eventList: await upcomingEvents(part.itemLimit, locale) };
      return base;
    }),
  );
  return { indexPartList, footerInfo: await getFooter(locale) };
}

async function latestNews(limit: number, now: Date, locale: Locale): Promise<NewsItem[]> {
  const { db } = (await runtime()).database;
  const rows = await db
    .select({ article: articles, categoryName: articleCategories.name })
    .from(articles)
    .innerJoin(articleCategories, eq(articles.categoryId, articleCategories.id))
    .where(articleIsPublic(now))
    .orderBy(desc(articles.pinned), desc(articles.publishedAt), desc(articles.id))
    .limit(limit);
  return rows.map(({ article, categoryName }) => ({
    articleId: article.id,
    title: pickText(article.title, locale),
    summary: truncate(pickText(article.summary, locale)),
    categoryName: pickText(categoryName, locale),
    pinned: article.pinned,
    publishedAt: article.publishedAt!.toISOString(),
  }));
}

async function upcomingEvents(limit: number, locale: Locale): Promise<EventItem[]> {
  const { list } = await listEvents({ page: 1, pageSize: limit, when: 'upcoming' }, locale);
  return list.map(({ eventId, title, summary, place, startsAt, endsAt }) => ({
    eventId,
    title,
    summary,
    place,
    startsAt,
    endsAt,
  }));
}
