import { z } from 'zod';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { stopViewing } from '@/server/services/staff/view-as';

export const POST = endpoint({
  summary: "End the look at a member's pages: the session is the office worker's own again",
  description: 'Answers whose pages were open (null when no view was running), to go back to their story.',
  tags: ['staff'],
  auth: ['individual'],
  whileViewing: true,
  body: z.object({}),
  response: z.object({ accountId: z.number().nullable() }),
  handle: async ({ actor }) => stopViewing(actor),
});
export const ALL = methodNotAllowed;
