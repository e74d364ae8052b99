import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { assignReviewerBody } from '@/lib/schemas/papers';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { assignReviewer } from '@/server/services/papers/paper-review';

export const POST = endpoint({
  summary:
    'An editor assigns a reviewer to a paper’s open round, with a due date; the reviewer is mailed a link of their own',
  description:
    'Editors only (-11), never on their own paper. The reviewer holds `reviewer:paper` and is none of the ' +
    'authors and from none of their institutions (-10 `reviewerConflict`); assigned twice -13.',
  tags: ['paper review'],
  auth: ['individual'],
  body: assignReviewerBody,
  response: z.null(),
  codes: [ErrorCode.NO_DATA, ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.DUPLICATE],
  handle: async ({ actor, body, clientIp }) => {
    await assignReviewer(actor, body, await clientIp());
    return null;
  },
});
export const ALL = methodNotAllowed;
