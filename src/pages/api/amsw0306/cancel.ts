import { ErrorCode } from '@/lib/error-codes';
import { myRegistrationResponse, registrationIdBody } from '@/lib/schemas/registrations';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { cancelMyRegistration, myRegistrations } from '@/server/services/registrations/mine';

export const POST = endpoint({
  summary: 'Cancel one of the signed-in individual’s registrations; its seat goes to the next person waiting',
  description:
    'Until the event’s cancellation deadline (none set: until it starts; -10 `cancelClosed`). A paid (confirmed) one records the refund the event’s refund rule gives that day (`refundIfCancelled` of `mine`), which finance pays back. The registrant is mailed. -10 `registrationNotCancellable` when it is not active any more.',
  tags: ['events'],
  auth: ['individual'],
  body: registrationIdBody,
  response: myRegistrationResponse,
  codes: [ErrorCode.NO_DATA, ErrorCode.DATA_CHECK],
  handle: async ({ actor, body, locale }) => {
    await cancelMyRegistration(actor, body.registrationId);
    return (await myRegistrations(actor, locale, body.registrationId))[0]!;
  },
});
export const ALL = methodNotAllowed;
