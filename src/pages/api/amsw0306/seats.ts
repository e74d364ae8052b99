import { ErrorCode } from '@/lib/error-codes';
import { eventIdParamQuery, registrationSeatsResponse } from '@/lib/schemas/registrations';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { seatsNow } from '@/server/services/registrations/public-registration';

export const GET = endpoint({
  summary:
    'An event’s registration now, for anyone: open, not yet open or closed, and each ticket type’s seats left and waiting list',
  description:
    'What the event page shows a visitor beside the ticket types and their prices; read a few seconds old at most. A signed-in individual reads their own price with GET /api/amsw0306. An event without registration answers -18.',
  tags: ['events'],
  query: eventIdParamQuery,
  response: registrationSeatsResponse,
  codes: [ErrorCode.NO_ACTIVITY],
  handle: ({ query }) => seatsNow(query.eventId),
});
export const ALL = methodNotAllowed;
