import { z } from 'zod';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { listTopics } from '@/server/services/accounts/list-topics';

export const GET = endpoint({
  summary: 'The continuing-education topics, each marked when the signed-in organisation has chosen it',
  tags: ['organisation accounts'],
  auth: ['organ'],
  response: z.object({
    topicList: z.array(
      z.object({ topicId: z.number().int(), name: z.string(), description: z.string(), selected: z.boolean() }),
    ),
  }),
  handle: ({ actor, locale }) => listTopics(actor, locale),
});
export const ALL = methodNotAllowed;
