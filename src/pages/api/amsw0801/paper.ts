import { ErrorCode } from '@/lib/error-codes';
import { paperQuery } from '@/lib/schemas/papers';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { reviewReaderOf } from '@/server/http/review-reader';
import { readPaperForReview } from '@/server/services/papers/paper-review';

export const GET = endpoint({
  summary:
    'A submitted paper for its review: to an editor everything (authors, reviews side by side, suggested reviewers); to an assigned reviewer their assignment',
  description:
    'Read with the session, or without one by the holder of a used review link (its cookie, one assignment). A ' +
    'reviewer sees the abstract and manuscript only after declaring no conflict, never another reviewer, and in a ' +
    'blind call never the authors. An author of the paper, or anyone neither editor nor assigned, gets -11; a draft ' +
    'or an unknown paper -6.',
  tags: ['paper review'],
  auth: 'optional',
  query: paperQuery,
  codes: [ErrorCode.NO_DATA, ErrorCode.NO_PERMISSION, ErrorCode.NOT_LOGGED_IN],
  handle: async ({ actor, request, query, locale }) =>
    readPaperForReview(await reviewReaderOf(actor, request), query.paperId, locale),
});
export const ALL = methodNotAllowed;
