import { z } from 'zod';
import { idParam } from '@/lib/schemas/common';
import { paperSummary } from '@/lib/schemas/papers';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { listOwnPapers } from '@/server/services/papers/papers';

export const GET = endpoint({
  summary: 'The signed-in author’s papers, newest first: all of them, or those of one call (`postId`)',
  tags: ['submissions'],
  auth: ['individual'],
  query: z.object({ postId: idParam.optional() }),
  response: z.object({ paperList: z.array(paperSummary) }),
  handle: async ({ actor, query, locale }) => ({ paperList: await listOwnPapers(actor, locale, query.postId) }),
});
export const ALL = methodNotAllowed;
