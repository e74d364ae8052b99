import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { REVIEW_QUEUES } from '@/lib/roles';
import { queuesQuery } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { QUEUE_ROLES, supervisedQueues } from '@/lib/staff-sections';
import { QUEUE_ITEMS_SHOWN, queueOverview } from '@/server/services/staff/queues';

export const GET = endpoint({
  summary: 'The review queues the reader supervises: open and overdue counts, and the open items, overdue first',
  description: `Office: memberships and member status; continuing education: credits and courses; editor-in-chief: papers; admin: all. At most ${QUEUE_ITEMS_SHOWN} items, soonest due first.`,
  tags: ['staff'],
  auth: ['individual'],
  roles: QUEUE_ROLES,
  query: queuesQuery,
  response: z.object({
    counts: z.array(
      z.object({ queue: z.enum(REVIEW_QUEUES), open: z.number(), overdue: z.number(), oldest: z.string().nullable() }),
    ),
    items: z.array(
      z.object({
        id: z.number(),
        queue: z.enum(REVIEW_QUEUES),
        subjectId: z.number(),
        createdAt: z.string(),
        dueAt: z.string(),
        overdue: z.boolean(),
        holders: z.array(
          z.object({
            assignmentId: z.number(),
            reviewerId: z.number(),
            nameZh: z.string(),
            nameEn: z.string(),
            dueAt: z.string().nullable(),
            declaration: z.string().nullable(),
            remindedAt: z.string().nullable(),
          }),
        ),
        last: z
          .object({
            decision: z.string(),
            at: z.string(),
            nameZh: z.string().nullable(),
            nameEn: z.string().nullable(),
          })
          .nullable(),
        subject: z
          .object({
            title: z.string(),
            number: z.string(),
            applicantName: z.string(),
            submittedAt: z.string().nullable(),
            state: z.string().optional(),
          })
          .nullable(),
      }),
    ),
    more: z.boolean(),
  }),
  codes: [ErrorCode.NO_PERMISSION],
  handle: ({ actor, query, locale }) =>
    queueOverview(supervisedQueues(actor.account.userType === 'individual' ? actor.account.roles : []), query, locale),
});
export const ALL = methodNotAllowed;
