import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { assignmentBody } from '@/lib/schemas/papers';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { revokeAssignment } from '@/server/services/papers/paper-review';

export const POST = endpoint({
  summary: 'An editor takes an assignment back: its mailed links and the reviewer’s access stop at once',
  tags: ['paper review'],
  auth: ['individual'],
  body: assignmentBody,
  response: z.null(),
  codes: [ErrorCode.NO_DATA, ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK],
  handle: async ({ actor, body, clientIp }) => {
    await revokeAssignment(actor, body, await clientIp());
    return null;
  },
});
export const ALL = methodNotAllowed;
