import { ErrorCode } from '@/lib/error-codes';
import { checkInCountsResponse, eventIdParamQuery } from '@/lib/schemas/registrations';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { checkInCounts } from '@/server/services/registrations/events-desk';

export const GET = endpoint({
  summary: 'Check-ins counted per session of an event (in and out), beside the seats each session admits',
  description: 'What the events desk polls while the event runs; an event without sessions answers none.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['events', 'admin'],
  query: eventIdParamQuery,
  response: checkInCountsResponse,
  codes: [ErrorCode.NO_PERMISSION],
  handle: ({ actor, query, locale }) => checkInCounts(actor, query.eventId, locale),
});
export const ALL = methodNotAllowed;
