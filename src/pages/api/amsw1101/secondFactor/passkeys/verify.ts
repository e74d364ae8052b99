import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { passkeyVerifyBody } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { passWithPasskey } from '@/server/services/staff/passkeys';

export const POST = endpoint({
  summary: "Pass the second factor for this session with a passkey's answer to this session's challenge",
  tags: ['staff'],
  auth: ['individual'],
  body: passkeyVerifyBody,
  response: z.null(),
  codes: [ErrorCode.NO_PERMISSION],
  handle: async ({ actor, body, clientIp }) => {
    await passWithPasskey(actor, body.response, await clientIp());
    return null;
  },
});
export const ALL = methodNotAllowed;
