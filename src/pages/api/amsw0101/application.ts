import { z } from 'zod';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { listOwnApplications } from '@/server/services/accounts/list-own-applications';

export const GET = endpoint({
  summary: "The signed-in individual's own membership applications, newest first",
  tags: ['individual accounts'],
  auth: ['individual'],
  response: z.object({ applicationList: z.array(z.object({ applicationId: z.number().int() })) }),
  handle: ({ actor }) => listOwnApplications(actor),
});
export const ALL = methodNotAllowed;
