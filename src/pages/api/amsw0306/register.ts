import { ErrorCode } from '@/lib/error-codes';
import { myRegistrationResponse, registerBody } from '@/lib/schemas/registrations';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { register } from '@/server/services/registrations/seats';

export const POST = endpoint({
  summary: 'Register the signed-in individual for a ticket type: a seat if one is left, else the waiting list',
  description:
    'Answers the registration: `confirmed` (free, no approval), `awaitingApproval`, `awaitingPayment` (with its `orderId` and `payBy`; pay with POST /api/amsw0501/pay) or `waiting` (with its `waitingPosition`). Refused: an event without registration (-18), registration not open or closed (-10 `registrationNotOpen`, `registrationClosed`), a ticket type of another event (-6 `ticketTypeUnknown`), a required answer missing (-10 `answerRequired`, the `fields`), a price other than the server’s (-10 `priceChanged`, the new `price` in `data`), a second registration for the ticket type (-13 `alreadyRegistered`).',
  tags: ['events'],
  auth: ['individual'],
  body: registerBody,
  response: myRegistrationResponse,
  codes: [ErrorCode.NO_ACTIVITY, ErrorCode.NO_DATA, ErrorCode.DATA_CHECK, ErrorCode.DUPLICATE],
  handle: ({ actor, body, locale }) => register(actor, body.eventId, body, locale),
});
export const ALL = methodNotAllowed;
