import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { paperDecideBody } from '@/lib/schemas/papers';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { decidePaper } from '@/server/services/papers/paper-review';

export const POST = endpoint({
  summary: 'The editor decides a paper’s round: accept, reject, or ask for a revision of named parts by a due time',
  description:
    'Editors only (-11). Reject and revise need a comment to the authors (-2); revise names the parts reopened ' +
    '(-10). The author is mailed in their language with the reviewers’ comments to the authors, never their names.',
  tags: ['paper review'],
  auth: ['individual'],
  body: paperDecideBody,
  response: z.null(),
  codes: [ErrorCode.NO_DATA, ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.KEY_MISSING],
  handle: async ({ actor, body, clientIp }) => {
    await decidePaper(actor, body, await clientIp());
    return null;
  },
});
export const ALL = methodNotAllowed;
