import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { buildIdResponse } from '@/lib/schemas/site';
import { runtime } from '@/server/runtime';

export const GET = endpoint({
  summary: 'The id of the running build; the browser polls it to offer a reload after a deployment',
  tags: ['site'],
  response: buildIdResponse,
  handle: async () => ({ buildId: (await runtime()).buildId }),
});
export const ALL = methodNotAllowed;
