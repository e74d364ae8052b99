import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { parseMonth } from '@/lib/calendar-month';
import { calendarQuery, calendarResponse } from '@/lib/schemas/events';
import { getEventCalendar } from '@/server/services/events/get-event-calendar';

export const GET = endpoint({
  summary: 'The published events of one month (Taipei time), each with the days it covers',
  description: '`month` is `YYYY-MM` from 1970-01 to 2100-12; anything else answers -5.',
  tags: ['events'],
  query: calendarQuery,
  response: calendarResponse,
  publicMaxAge: 30,
  handle: ({ query, locale }) => getEventCalendar(parseMonth(query.month)!, locale),
});
export const ALL = methodNotAllowed;
