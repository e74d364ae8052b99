import { ErrorCode } from '@/lib/error-codes';
import { passkeyOptionsView } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { passkeyRegistrationOptions } from '@/server/services/staff/passkeys';

export const POST = endpoint({
  summary:
    'Start registering a passkey: the options for navigator.credentials.create, with a challenge good for five minutes',
  tags: ['staff'],
  auth: ['individual'],
  response: passkeyOptionsView,
  codes: [ErrorCode.NO_PERMISSION],
  handle: async ({ actor }) => ({ ...(await passkeyRegistrationOptions(actor)) }),
});
export const ALL = methodNotAllowed;
