import { ErrorCode } from '@/lib/error-codes';
import { paperFileQuery } from '@/lib/schemas/papers';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { fileResponse } from '@/server/http/file-response';
import { reviewReaderOf } from '@/server/http/review-reader';
import { readPaperManuscript } from '@/server/services/papers/paper-review';

export const GET = endpoint({
  summary:
    'A round’s manuscript for its editor or its reviewer (after declaring no conflict), named by paper number only; never cached',
  tags: ['paper review'],
  auth: 'optional',
  query: paperFileQuery,
  binary: true,
  codes: [ErrorCode.NO_FILE, ErrorCode.NOT_LOGGED_IN],
  handle: async ({ actor, request, query }) =>
    fileResponse(await readPaperManuscript(await reviewReaderOf(actor, request), query.paperId, query.round), request),
});
export const ALL = methodNotAllowed;
