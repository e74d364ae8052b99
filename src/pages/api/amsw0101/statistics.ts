import { z } from 'zod';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { getIndividualStatistics } from '@/server/services/accounts/get-statistics';

export const GET = endpoint({
  summary: "The member centre's statistics: the calls for papers open now",
  tags: ['individual accounts'],
  auth: ['individual'],
  response: z.object({
    postList: z.array(z.object({ postId: z.number().int(), name: z.string(), closesAt: z.string() })),
  }),
  handle: ({ actor, locale }) => getIndividualStatistics(actor, locale),
});
export const ALL = methodNotAllowed;
