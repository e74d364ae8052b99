import { z } from 'zod';
import { REVIEW_DECISIONS, REVIEW_QUEUES } from '../roles';
import { idParam } from './common';

export const reviewHubResponse = z.object({
  queueList: z.array(z.object({ queue: z.enum(REVIEW_QUEUES), open: z.number().int(), overdue: z.number().int() })),
});

export const reviewQueueQuery = z.object({ queue: z.enum(REVIEW_QUEUES) });

export const reviewItemView = z.object({
  reviewId: z.number().int(),
  queue: z.enum(REVIEW_QUEUES),
  subjectId: z.number().int().describe('The application (or claim, course, paper) reviewed'),
  dueAt: z.string(),
  overdue: z.boolean(),
  own: z.boolean().describe('The reviewer’s own: shown, never theirs to decide'),
  path: z.string().describe('The review page of the item'),
  declaration: z
    .enum(['none', 'conflict'])
    .nullable()
    .describe('The reader’s declaration on the item: none (reviewing), conflict (left to others), or not yet'),
  title: z.string(),
  number: z.string(),
  applicantName: z.string(),
  submittedAt: z.string().nullable(),
});

export const reviewQueueResponse = z.object({ itemList: z.array(reviewItemView) });

export const reviewIdQuery = z.object({ reviewId: idParam });

export const declareBody = z.object({
  reviewId: z.number().int().positive(),
  declaration: z.enum(['none', 'conflict']).describe('Declared before the content is shown'),
});

export const decideBody = z.object({
  reviewId: z.number().int().positive(),
  decision: z.enum(REVIEW_DECISIONS),
  comment: z.string().max(2000).default('').describe('To the applicant; required to reject or return'),
  staffNote: z.string().max(2000).default('').describe('For the staff only'),
  points: z
    .number()
    .positive()
    .max(100)
    .optional()
    .describe('The credit queue: points granted with an approval, to one decimal, at most those claimed'),
  sessionPoints: z
    .array(z.number().min(0).max(100))
    .max(30)
    .optional()
    .describe('The course queue: points granted to each session, in the application’s order, to one decimal'),
  courseCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9-]{2,29}$/, 'letters, digits and -, 3 to 30')
    .optional()
    .describe('The course queue: the accredited course’s code, unique'),
  score: z
    .number()
    .int()
    .min(0)
    .max(100)
    .optional()
    .describe('The course queue: the reviewer’s score of the course, 0–100'),
});
