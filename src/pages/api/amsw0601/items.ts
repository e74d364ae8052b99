import { ErrorCode } from '@/lib/error-codes';
import { reviewQueueQuery, reviewQueueResponse } from '@/lib/schemas/reviews';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { listQueue } from '@/server/services/reviews/engine';

export const GET = endpoint({
  summary: 'The open items of a queue, oldest due first; only for holders of the queue’s reviewer role (-11)',
  tags: ['reviews'],
  auth: ['individual'],
  query: reviewQueueQuery,
  response: reviewQueueResponse,
  codes: [ErrorCode.NO_PERMISSION],
  handle: async ({ actor, query, locale }) => ({ itemList: await listQueue(actor, query.queue, locale) }),
});
export const ALL = methodNotAllowed;
