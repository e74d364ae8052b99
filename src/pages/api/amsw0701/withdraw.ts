import { ErrorCode } from '@/lib/error-codes';
import { paperView, withdrawPaperBody } from '@/lib/schemas/papers';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { getOwnPaper } from '@/server/services/papers/papers';
import { withdrawPaper } from '@/server/services/papers/submit';

export const POST = endpoint({
  summary: 'Withdraw a paper until it is decided (a draft is set aside); its reviewers’ links stop working',
  tags: ['submissions'],
  auth: ['individual'],
  body: withdrawPaperBody,
  response: paperView,
  codes: [ErrorCode.NO_DATA, ErrorCode.DATA_CHECK],
  handle: async ({ actor, body, locale }) => {
    await withdrawPaper(actor, body, locale);
    return getOwnPaper(actor, body.paperId, locale);
  },
});
export const ALL = methodNotAllowed;
