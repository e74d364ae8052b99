import { ErrorCode } from '@/lib/error-codes';
import { paperView, submitPaperBody } from '@/lib/schemas/papers';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { getOwnPaper } from '@/server/services/papers/papers';
import { submitPaper } from '@/server/services/papers/submit';

export const POST = endpoint({
  summary: 'Send a paper: a draft with its authorisation signed, or a revision the editor asked for',
  description:
    'A draft needs `agree`, the signer’s name as typed (`signedName`) and the `textVersion` of the authorisation ' +
    'they read (-10 `authorisationNeeded` or `authorisationChanged`), before the call closes (-10 `callClosed`); a ' +
    'revision needs none of them, before its due time (-10 `revisionClosed`). Everything the paper needs is checked ' +
    '(-10 with `fields` and `problems`). The author and the editors are mailed.',
  tags: ['submissions'],
  auth: ['individual'],
  body: submitPaperBody,
  response: paperView,
  codes: [ErrorCode.NO_DATA, ErrorCode.DATA_CHECK, ErrorCode.NO_POST],
  handle: async ({ actor, body, locale }) => {
    await submitPaper(actor, body, locale);
    return getOwnPaper(actor, body.paperId, locale);
  },
});
export const ALL = methodNotAllowed;
