import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { ErrorCode } from '@/lib/error-codes';
import { eventListItem, eventListQuery } from '@/lib/schemas/events';
import { pagedResponse } from '@/lib/schemas/paging';
import { listEvents } from '@/server/services/events/list-events';

export const GET = endpoint({
  summary: 'Published events, a page at a time',
  description:
    '`when`: `upcoming` (default; not yet ended, soonest first), `past` (ended, latest first) or `all`. ' +
    '`eventCategoryId` keeps one category (unknown: -6); `keyword` matches the title, summary or place in either language.',
  tags: ['events'],
  query: eventListQuery,
  response: pagedResponse(eventListItem),
  codes: [ErrorCode.NO_DATA],
  publicMaxAge: 30,
  handle: ({ query, locale }) => listEvents(query, locale),
});
export const ALL = methodNotAllowed;
