import { ErrorCode } from '@/lib/error-codes';
import { registrationCancelBody, registrationCancelResponse } from '@/lib/schemas/registrations';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { cancelEventRegistration } from '@/server/services/registrations/desk';

export const POST = endpoint({
  summary: 'Cancel an active registration from the desk; its seat goes to the next person waiting',
  description:
    'Whatever the cancellation deadline. A paid (confirmed) registration records the refund due for the refund desk: the event’s refund rule on the day, or `refund` (at most what was paid; -10 `refundOverPaid`). The registrant is mailed; audited. -10 `registrationNotCancellable` when it is not active any more.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['events', 'admin'],
  body: registrationCancelBody,
  response: registrationCancelResponse,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA, ErrorCode.DATA_CHECK],
  handle: async ({ actor, body, clientIp }) => cancelEventRegistration(actor, body, await clientIp()),
});
export const ALL = methodNotAllowed;
