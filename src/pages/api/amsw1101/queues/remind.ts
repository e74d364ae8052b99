import { ErrorCode } from '@/lib/error-codes';
import { queueRemindBody, queueRemindView } from '@/lib/schemas/staff';
import { QUEUE_ROLES } from '@/lib/staff-sections';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { remindOverdue } from '@/server/services/staff/queue-assign';

export const POST = endpoint({
  summary: 'Remind the reviewers of one overdue item, or of every overdue item of a queue',
  description:
    "Only the queue's supervisor (-11). Each reviewer is mailed in their language, at most once per assignment in 24 hours; those reminded since are counted as skipped. One item with nobody to remind is refused (-10 `reminderNobody`, or `reminderTooSoon` with `nextAt`). Audited `review.reminded`.",
  tags: ['staff'],
  auth: ['individual'],
  roles: QUEUE_ROLES,
  body: queueRemindBody,
  response: queueRemindView,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA, ErrorCode.DATA_CHECK],
  handle: async ({ actor, body, clientIp }) => remindOverdue(actor, body, await clientIp()),
});
export const ALL = methodNotAllowed;
