import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { removePasskeyBody } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { removePasskey } from '@/server/services/staff/passkeys';

export const POST = endpoint({
  summary: 'Remove one of your passkeys, for a fresh code from the app (or a recovery code)',
  tags: ['staff'],
  auth: ['individual'],
  body: removePasskeyBody,
  response: z.null(),
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA],
  handle: async ({ actor, body, clientIp }) => {
    await removePasskey(actor, body.id, body.code, await clientIp());
    return null;
  },
});
export const ALL = methodNotAllowed;
