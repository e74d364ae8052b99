import { eq } from 'drizzle-orm';
import { siteOrigin } from '../site/site-origin';
import { buildIcs } from '../../../lib/ics';
import type { Locale } from '../../../lib/locales';
import { localePath } from '../../../lib/paths';
import { runtime } from '../../runtime';
import { events } from '../../db/schema';
import { htmlToText } from '../content/html-to-text';
import { getEvent } from './get-event';

export interface EventIcs {
  fileName: string;
  body: string;
}

/**
 * One published event as an iCalendar file (unknown or unpublished: -18). Addresses use the
 * configured public address (SITE_URL) when set, else the request's own.
 */
export async function getEventIcs(eventId: number, locale: Locale, requestOrigin: string): Promise<EventIcs> {
  const rt = await runtime();
  const event = await getEvent(eventId, locale);
  const [stamp] = await rt.database.db
    .select({ updatedAt: events.updatedAt })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  const origin = await siteOrigin(requestOrigin);
  const url = new URL(localePath(`/event/detail/${eventId}`, locale), origin).href;
  const description = [event.summary, htmlToText(event.descriptionHtml), url].filter(Boolean).join('\n\n');
  return {
    fileName: `event-${eventId}.ics`,
    body: buildIcs({
      uid: `event-${eventId}@${new URL(origin).hostname}`,
      stamp: stamp?.updatedAt ?? new Date(event.startsAt),
      start: new Date(event.startsAt),
      end: new Date(event.endsAt),
      summary: event.title,
      location: event.place || undefined,
      description,
      url,
    }),
  };
}
