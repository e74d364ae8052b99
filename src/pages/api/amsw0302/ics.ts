import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { ErrorCode } from '@/lib/error-codes';
import { eventIcsQuery } from '@/lib/schemas/events';
import { getEventIcs } from '@/server/services/events/get-event-ics';

export const GET = endpoint({
  summary: 'One published event as an iCalendar (.ics) file to add to a calendar',
  description:
    'Answers `text/calendar` as a download; an unknown or unpublished event answers the JSON envelope with -18. ' +
    'The text is in the language of `lang` (for plain links) or else the `Lang` header.',
  tags: ['events'],
  query: eventIcsQuery,
  binary: true,
  codes: [ErrorCode.NO_ACTIVITY],
  handle: async ({ query, locale, url }) => {
    const ics = await getEventIcs(query.eventId, query.lang ?? locale, url.origin);
    return new Response(ics.body, {
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': `attachment; filename="${ics.fileName}"`,
        'Cache-Control': 'public, max-age=30',
        Vary: 'Lang',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  },
});
export const ALL = methodNotAllowed;
