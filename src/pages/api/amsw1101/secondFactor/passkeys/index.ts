import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { addPasskeyBody, passkeyView } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { addPasskey, listPasskeys, type PasskeyRow } from '@/server/services/staff/passkeys';

const view = (row: PasskeyRow) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export const GET = endpoint({
  summary: "The staff member's passkeys (for a session that has passed the second factor)",
  tags: ['staff'],
  auth: ['individual'],
  response: z.array(passkeyView),
  codes: [ErrorCode.NO_PERMISSION],
  handle: async ({ actor }) => (await listPasskeys(actor)).map(view),
});

export const POST = endpoint({
  summary: "Register the passkey the browser made for this session's registration challenge, under a name",
  tags: ['staff'],
  auth: ['individual'],
  body: addPasskeyBody,
  response: passkeyView,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DUPLICATE],
  handle: async ({ actor, body, clientIp }) =>
    view(await addPasskey(actor, body.name, body.response, await clientIp())),
});
export const ALL = methodNotAllowed;
