import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { declareBody } from '@/lib/schemas/reviews';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { declareInterests } from '@/server/services/reviews/engine';

export const POST = endpoint({
  summary:
    'Declare conflicts of interest before seeing an item: none starts the review; conflict keeps the reviewer out of it',
  tags: ['reviews'],
  auth: ['individual'],
  body: declareBody,
  response: z.object({ declaration: z.enum(['none', 'conflict']) }),
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA],
  handle: ({ actor, body }) => declareInterests(actor, body.reviewId, body.declaration),
});
export const ALL = methodNotAllowed;
