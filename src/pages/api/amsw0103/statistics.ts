import { z } from 'zod';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { getOrganisationStatistics } from '@/server/services/accounts/get-statistics';

export const GET = endpoint({
  summary: "The organisation centre's statistics: its chosen topics and its course applications by stage",
  tags: ['organisation accounts'],
  auth: ['organ'],
  response: z.object({
    topicCount: z.number().int(),
    courseApplicationCount: z.number().int().describe('Course applications in all'),
    courseInReviewCount: z
      .number()
      .int()
      .describe('Waiting on the society (sent, under review, or returned for changes)'),
    courseAwaitingPaymentCount: z.number().int().describe('Approved, waiting for the review fee'),
    courseAccreditedCount: z.number().int(),
  }),
  handle: ({ actor }) => getOrganisationStatistics(actor),
});
export const ALL = methodNotAllowed;
