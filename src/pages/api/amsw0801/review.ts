import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { reviewReportBody } from '@/lib/schemas/papers';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { reviewReaderOf } from '@/server/http/review-reader';
import { saveReviewReport } from '@/server/services/papers/paper-review';

export const PUT = endpoint({
  summary: 'A reviewer saves their report (a draft, or sent to the editor with `submit`)',
  description:
    'Scores on the call’s rubric within each criterion’s maximum; sending needs every score, a recommendation and ' +
    'comments to the authors (-10 naming what is missing). A sent report is final (-10 `reviewSent`).',
  tags: ['paper review'],
  auth: 'optional',
  body: reviewReportBody,
  response: z.object({ savedAt: z.string(), submitted: z.boolean() }),
  codes: [ErrorCode.NO_DATA, ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.NOT_LOGGED_IN],
  handle: async ({ actor, request, body }) => saveReviewReport(await reviewReaderOf(actor, request), body),
});
export const ALL = methodNotAllowed;
