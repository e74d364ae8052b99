import { ErrorCode } from '@/lib/error-codes';
import { passkeyOptionsView } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { passkeyVerifyOptions } from '@/server/services/staff/passkeys';

export const POST = endpoint({
  summary:
    "Start passing the second factor with a passkey: the options for navigator.credentials.get, naming the account's passkeys",
  tags: ['staff'],
  auth: ['individual'],
  response: passkeyOptionsView,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA],
  handle: async ({ actor }) => ({ ...(await passkeyVerifyOptions(actor)) }),
});
export const ALL = methodNotAllowed;
