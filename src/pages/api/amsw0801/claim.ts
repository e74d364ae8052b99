import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { claimLinkBody } from '@/lib/schemas/papers';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { setReviewAccessCookie } from '@/server/http/review-reader';
import { claimReviewLink } from '@/server/services/papers/review-links';

export const POST = endpoint({
  summary:
    'Use a mailed review link with the reviewer’s declaration; with no conflict the browser gets access to that one assignment',
  description:
    'No session needed: the link is the proof. It works once (-8 `linkUsed`), until it expires (-8 `linkExpired`), ' +
    'and not after the editor took the assignment back or sent a newer link (-8 `linkRevoked`); an unknown link ' +
    'answers -8 `linkUnknown`. Answers the paper and its review page.',
  tags: ['paper review'],
  body: claimLinkBody,
  response: z.object({ paperId: z.number().int(), declaration: z.enum(['none', 'conflict']) }),
  codes: [ErrorCode.TOKEN_INVALID],
  handle: async ({ body, cookies, tls }) => {
    const claimed = await claimReviewLink(body.token, body.declaration);
    if (claimed.access) setReviewAccessCookie(cookies, tls, claimed.access);
    return { paperId: claimed.paperId, declaration: body.declaration };
  },
});
export const ALL = methodNotAllowed;
