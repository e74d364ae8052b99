import { eq, type InferSelectModel } from 'drizzle-orm';
import type { z } from 'zod';
import { creditsTotal } from '../../../lib/event-format';
import { pickText, truncate } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import type { eventListItem } from '../../../lib/schemas/events';
import { eventCategories, events, files } from '../../db/schema';
import type { Db } from '../../db/client';

export type EventListItem = z.infer<typeof eventListItem>;
export type EventRow = InferSelectModel<typeof events>;

/** How long event answers stay in the memo cache: publish times and "upcoming" move with the clock. */
export const EVENT_TTL_MS = 30_000;

/** The columns a list entry needs: the event, its category's name and its cover's size. */
export const listColumns = {
  event: events,
  categoryName: eventCategories.name,
  coverWidth: files.width,
  coverHeight: files.height,
};

/** Events joined with their category and cover; the caller adds where, order and limit. */
export function selectEvents(db: Db) {
  return db
    .select(listColumns)
    .from(events)
    .innerJoin(eventCategories, eq(events.categoryId, eventCategories.id))
    .leftJoin(files, eq(events.coverFileId, files.id));
}

export interface ListRow {
  event: EventRow;
  categoryName: EventRow['title'];
  coverWidth: number | null;
  coverHeight: number | null;
}

/** One list entry in the reader's language; the summary cut at 100 characters. */
export function toListItem(row: ListRow, locale: Locale): EventListItem {
  const { event } = row;
  return {
    eventId: event.id,
    eventCategoryId: event.categoryId,
    categoryName: pickText(row.categoryName, locale),
    title: pickText(event.title, locale),
    summary: truncate(pickText(event.summary, locale)),
    place: pickText(event.place, locale),
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    coverFileId: event.coverFileId,
    coverWidth: event.coverFileId ? row.coverWidth : null,
    coverHeight: event.coverFileId ? row.coverHeight : null,
    creditsTotal: creditsTotal(event.credits),
  };
}
