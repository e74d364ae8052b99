import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { queueAssignBody } from '@/lib/schemas/staff';
import { QUEUE_ROLES } from '@/lib/staff-sections';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { assignFromConsole } from '@/server/services/staff/queue-assign';

export const POST = endpoint({
  summary: 'Give an open item to a reviewer of its queue, or take one assignment back and give it to another',
  description:
    "Only the queue's supervisor (-11). Refused with -10: a closed item (`reviewClosed`), a reviewer without the queue's reviewer role (`noRole`), the item's own subject (`ownSubject`), one who declared a conflict on it (`declaredConflict`), a paper's author or someone from an author's institution, or holders changed since the page was read (`queueChanged`); -13 when the reviewer holds it already. The reviewer is mailed in their language; audited `review.assigned` / `review.reassigned`.",
  tags: ['staff'],
  auth: ['individual'],
  roles: QUEUE_ROLES,
  body: queueAssignBody,
  response: z.object({ assignmentId: z.number().int() }),
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA, ErrorCode.DATA_CHECK, ErrorCode.DUPLICATE],
  handle: async ({ actor, body, clientIp }) => assignFromConsole(actor, body, await clientIp()),
});
export const ALL = methodNotAllowed;
