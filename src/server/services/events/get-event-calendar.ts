import { and, asc, gt, lt } from 'drizzle-orm';
import type { z } from 'zod';
import { eventDaysInMonth, monthBounds, monthKey, type CalendarMonth } from '../../../lib/calendar-month';
import type { Locale } from '../../../lib/locales';
import type { calendarResponse } from '../../../lib/schemas/events';
import { events } from '../../db/schema';
import { eventIsPublic } from '../content/visibility';
import { runtime } from '../../runtime';
import { EVENT_TTL_MS, selectEvents, toListItem } from './event-views';

export type EventCalendar = z.infer<typeof calendarResponse>;

/**
 * The published events that overlap a month in Taipei time, soonest first, each with the days
 * of the month it covers (a multi-day event lands on each of its days).
 */
export async function getEventCalendar(month: CalendarMonth, locale: Locale): Promise<EventCalendar> {
  const rt = await runtime();
  const key = monthKey(month);
  return rt.cache.get(
    `event-calendar:${key}:${locale}`,
    async () => {
      const { start, end } = monthBounds(month);
      const rows = await selectEvents(rt.database.db)
        .where(and(eventIsPublic(new Date()), lt(events.startsAt, end), gt(events.endsAt, start)))
        .orderBy(asc(events.startsAt), asc(events.id));
      return {
        month: key,
        eventList: rows.map((row) => ({
          ...toListItem(row, locale),
          days: eventDaysInMonth(row.event.startsAt, row.event.endsAt, month),
        })),
      };
    },
    EVENT_TTL_MS,
  );
}
