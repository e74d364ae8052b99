import { z } from 'zod';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { getOrganisationStatistics } from '@/server/services/accounts/get-statistics';

export const GET = endpoint({
  summary: "The organisation centre's statistics",
  tags: ['organisation accounts'],
  auth: ['organ'],
  response: z.object({ topicCount: z.number().int() }),
  handle: ({ actor }) => getOrganisationStatistics(actor),
});
export const ALL = methodNotAllowed;
