import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { REVIEW_DECISIONS, REVIEW_QUEUES } from '@/lib/roles';
import { reviewIdQuery } from '@/lib/schemas/reviews';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { getReviewItem } from '@/server/services/reviews/engine';

export const GET = endpoint({
  summary:
    'One item for its reviewer: the subject (application, documents, history, applicant) once the reviewer declared no conflict',
  tags: ['reviews'],
  auth: ['individual'],
  query: reviewIdQuery,
  response: z.object({
    reviewId: z.number().int(),
    queue: z.enum(REVIEW_QUEUES),
    subjectId: z.number().int(),
    status: z.enum(['open', 'decided', 'withdrawn']),
    dueAt: z.string(),
    declaration: z.enum(['none', 'conflict']).nullable().describe('Null: declare first (POST declare)'),
    path: z.string().describe('The review page of the item'),
    summary: z
      .object({ title: z.string(), number: z.string(), applicantName: z.string(), submittedAt: z.string().nullable() })
      .describe('Who applied and for what: shown before the declaration'),
    subject: z.record(z.string(), z.unknown()).nullable(),
    decisions: z.array(
      z.object({
        decision: z.enum(REVIEW_DECISIONS),
        comment: z.string(),
        staffNote: z.string(),
        reviewerId: z.number().int(),
        reviewerName: z.string(),
        at: z.string(),
      }),
    ),
  }),
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA],
  handle: ({ actor, query, locale }) => getReviewItem(actor, { reviewId: query.reviewId }, locale),
});
export const ALL = methodNotAllowed;
