import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { ErrorCode } from '@/lib/error-codes';
import { eventDetailResponse, eventIdQuery } from '@/lib/schemas/events';
import { getEvent } from '@/server/services/events/get-event';

export const GET = endpoint({
  summary: 'One published event: place, organiser, fees, credits, registration, downloads and its description',
  tags: ['events'],
  query: eventIdQuery,
  response: eventDetailResponse,
  codes: [ErrorCode.NO_ACTIVITY],
  publicMaxAge: 30,
  handle: ({ query, locale }) => getEvent(query.eventId, locale),
});
export const ALL = methodNotAllowed;
