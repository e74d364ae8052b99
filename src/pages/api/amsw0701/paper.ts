import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { newPaperBody, paperDraftBody, paperQuery, paperView } from '@/lib/schemas/papers';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { getOwnPaper, saveDraft, startPaper } from '@/server/services/papers/papers';

export const GET = endpoint({
  summary:
    'One of the signed-in author’s papers: its text, authors, manuscript, authorisation, history and, once decided, the reviewers’ comments to the authors (never who they are); another’s -6',
  tags: ['submissions'],
  auth: ['individual'],
  query: paperQuery,
  response: paperView,
  codes: [ErrorCode.NO_DATA],
  handle: ({ actor, query, locale }) => getOwnPaper(actor, query.paperId, locale),
});

export const POST = endpoint({
  summary: 'Start a paper in an open call: a draft whose first author is the signed-in individual',
  description:
    '-19 for an unknown call; -10 `callClosed` outside its opening and closing times or when it takes submissions ' +
    'elsewhere; -10 `tooManyPapers` past ten papers in one call.',
  tags: ['submissions'],
  auth: ['individual'],
  body: newPaperBody,
  response: paperView,
  codes: [ErrorCode.NO_POST, ErrorCode.DATA_CHECK],
  handle: async ({ actor, body, locale }) => getOwnPaper(actor, await startPaper(actor, body.postId, locale), locale),
});

export const PUT = endpoint({
  summary: 'Save a draft as the author types (or the parts of a revision the editor reopened)',
  description:
    'Fields are checked for size only; what a submission needs is checked when it is sent. A revision that changes ' +
    'a part the editor did not reopen answers -10 naming it. The manuscript is the author’s own upload for ' +
    '`paperManuscript` (-10 otherwise), within the call’s size (-996). -10 `callClosed` after the deadline.',
  tags: ['submissions'],
  auth: ['individual'],
  body: paperDraftBody,
  response: z.object({ savedAt: z.string() }),
  codes: [ErrorCode.NO_DATA, ErrorCode.DATA_CHECK, ErrorCode.FILE_TOO_LARGE],
  handle: ({ actor, body }) => saveDraft(actor, body),
});
export const ALL = methodNotAllowed;
