import { and, asc, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import type { Locale } from '../../../lib/locales';
import { CACHED_PAGES, pageCount, pageOffset } from '../../../lib/paging';
import type { EventWhen } from '../../../lib/schemas/events';
import type { Paged } from '../../../lib/schemas/paging';
import { eventCategories, events } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { eventIsPublic, matchesKeyword } from '../content/visibility';
import { EVENT_TTL_MS, selectEvents, toListItem, type EventListItem } from './event-views';

export interface ListEventsInput {
  page: number;
  pageSize: number;
  keyword?: string;
  eventCategoryId?: number;
  when: EventWhen;
}

/**
 * Published events, one page at a time: upcoming (not yet ended, soonest first), past (ended,
 * latest first) or all (latest first), optionally of one category (unknown: -6) and matching a
 * keyword in the title, summary or place in either language. The first pages without a keyword
 * are kept briefly in the memo cache; searches and far pages are not, so readers cannot fill it.
 */
export async function listEvents(input: ListEventsInput, locale: Locale): Promise<Paged<EventListItem>> {
  const rt = await runtime();
  if (input.keyword || input.page > CACHED_PAGES) return loadEvents(input, locale);
  const key = `events:${input.when}:${input.eventCategoryId ?? 'all'}:${input.page}:${input.pageSize}:${locale}`;
  return rt.cache.get(key, () => loadEvents(input, locale), EVENT_TTL_MS);
}

async function loadEvents(input: ListEventsInput, locale: Locale): Promise<Paged<EventListItem>> {
  const { db } = (await runtime()).database;
  if (input.eventCategoryId !== undefined) {
    const [category] = await db
      .select({ id: eventCategories.id })
      .from(eventCategories)
      .where(and(eq(eventCategories.id, input.eventCategoryId), eq(eventCategories.visible, true)))
      .limit(1);
    if (!category) throw new AppError(ErrorCode.NO_DATA);
  }
  const now = new Date();
  const conditions: SQL[] = [eventIsPublic(now)];
  if (input.when === 'upcoming') conditions.push(gt(events.endsAt, now));
  if (input.when === 'past') conditions.push(lte(events.endsAt, now));
  if (input.eventCategoryId !== undefined) conditions.push(eq(events.categoryId, input.eventCategoryId));
  if (input.keyword) conditions.push(matchesKeyword(input.keyword, events.title, events.summary, events.place));
  const where = and(...conditions);
  const order =
    input.when === 'upcoming' ? [asc(events.startsAt), asc(events.id)] : [desc(events.startsAt), desc(events.id)];

  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(events)
    .where(where);
  const total = counted?.n ?? 0;
  const rows = await selectEvents(db)
    .where(where)
    .orderBy(...order)
    .limit(input.pageSize)
    .offset(pageOffset(input.page, input.pageSize));
  return {
    list: rows.map((row) => toListItem(row, locale)),
    page: input.page,
    pageSize: input.pageSize,
    total,
    totalPages: pageCount(total, input.pageSize),
  };
}
