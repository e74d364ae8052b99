import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { decideBody } from '@/lib/schemas/reviews';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { decide } from '@/server/services/reviews/engine';

export const POST = endpoint({
  summary:
    'Decide an item: approve, reject or return for changes (a comment to the applicant is required to reject or return)',
  tags: ['reviews'],
  auth: ['individual'],
  body: decideBody,
  response: z.null(),
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA],
  handle: async ({ actor, body }) => {
    await decide(actor, body.reviewId, body);
    return null;
  },
});
export const ALL = methodNotAllowed;
