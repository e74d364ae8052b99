import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { postListResponse } from '@/lib/schemas/journals';
import { listCallsForPapers } from '@/server/services/journals/list-calls-for-papers';

export const GET = endpoint({
  summary: "The society's calls for papers that are open now or opening later",
  tags: ['submissions'],
  response: postListResponse,
  publicMaxAge: 30,
  handle: async ({ locale }) => ({ postList: await listCallsForPapers(locale) }),
});
export const ALL = methodNotAllowed;
