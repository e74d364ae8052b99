import { ErrorCode } from '@/lib/error-codes';
import { eventIdParamQuery, registrationOptionsResponse } from '@/lib/schemas/registrations';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { registrationOptions } from '@/server/services/registrations/mine';

export const GET = endpoint({
  summary:
    'An event’s registration for the signed-in individual: each ticket type with their own price, the seats left and the waiting list',
  description:
    'The price is the server’s: the member class in effect today (else the web-user price), early-bird before its deadline. Send it back as `expectedPrice` when registering. An event without registration answers -18.',
  tags: ['events'],
  auth: ['individual'],
  query: eventIdParamQuery,
  response: registrationOptionsResponse,
  codes: [ErrorCode.NO_ACTIVITY],
  handle: ({ actor, query, locale }) => registrationOptions(actor, query.eventId, locale),
});
export const ALL = methodNotAllowed;
