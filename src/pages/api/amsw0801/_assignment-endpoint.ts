import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { assignmentBody } from '@/lib/schemas/papers';
import type { Actor } from '@/server/auth/sessions';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';

/** An editor's action on one review assignment (amsw0801/resend, amsw0801/revoke): it answers null. */
export function assignmentEndpoint(
  summary: string,
  act: (actor: Actor, input: z.infer<typeof assignmentBody>, ip: string) => Promise<unknown>,
) {
  return {
    POST: endpoint({
      summary,
      tags: ['paper review'],
      auth: ['individual'],
      body: assignmentBody,
      response: z.null(),
      codes: [ErrorCode.NO_DATA, ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK],
      handle: async ({ actor, body, clientIp }) => {
        await act(actor, body, await clientIp());
        return null;
      },
    }),
    ALL: methodNotAllowed,
  };
}
