import { asc, eq } from 'drizzle-orm';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { indexParts, type IndexPartType } from '../../db/schema';
import { runtime } from '../../runtime';
import { listArticles } from '../articles/list-articles';
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

/** Home blocks change with publish windows too, so they are kept half a minute at most, like the lists they show. */
const HOME_TTL_MS = 30_000;

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
  const indexPartList = await Promise.all(
    parts.map(async (part): Promise<IndexPart> => {
      const base = { indexPartId: part.id, indexPartType: part.type, title: pickText(part.title, locale) };
      if (part.type === 'ltsnews') return { ...base, newsList: await latestNews(part.itemLimit, locale) };
      if (part.type === 'event') return { ...base, eventList: await upcomingEvents(part.itemLimit, locale) };
      return base;
    }),
  );
  return { indexPartList, footerInfo: await getFooter(locale) };
}

/** The news block lists the first page of the article list (pinned first, then newest). */
async function latestNews(limit: number, locale: Locale): Promise<NewsItem[]> {
  const { list } = await listArticles({ page: 1, pageSize: limit }, locale);
  return list.map(({ articleId, title, summary, categoryName, pinned, publishedAt }) => ({
    articleId,
    title,
    summary,
    categoryName,
    pinned,
    publishedAt,
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
