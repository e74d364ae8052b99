import { ErrorCode } from '@/lib/error-codes';
import { queueReviewersQuery, queueReviewersView } from '@/lib/schemas/staff';
import { QUEUE_ROLES } from '@/lib/staff-sections';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { eligibleReviewers } from '@/server/services/staff/queue-assign';

export const GET = endpoint({
  summary: "The reviewers a queue's supervisor may give an item to, the least busy first",
  description:
    "Every holder of the item's queue's reviewer role with the reviews they hold open now; those who may not take it are marked (its own subject, a declared conflict, holding it already). Only the queue's supervisor (-11).",
  tags: ['staff'],
  auth: ['individual'],
  roles: QUEUE_ROLES,
  query: queueReviewersQuery,
  response: queueReviewersView,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA],
  handle: ({ actor, query, locale }) => eligibleReviewers(actor, query.itemId, locale),
});
export const ALL = methodNotAllowed;
