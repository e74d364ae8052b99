import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { paperDeclareBody } from '@/lib/schemas/papers';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { reviewReaderOf } from '@/server/http/review-reader';
import { declarePaperInterests } from '@/server/services/papers/paper-review';

export const POST = endpoint({
  summary:
    'An assigned reviewer declares conflicts of interest before the paper is shown: none opens it, conflict declines the review',
  tags: ['paper review'],
  auth: 'optional',
  body: paperDeclareBody,
  response: z.object({ declaration: z.enum(['none', 'conflict']) }),
  codes: [ErrorCode.NO_DATA, ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.NOT_LOGGED_IN],
  handle: async ({ actor, request, body }) =>
    declarePaperInterests(await reviewReaderOf(actor, request), body.paperId, body.declaration),
});
export const ALL = methodNotAllowed;
