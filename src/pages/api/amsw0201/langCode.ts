import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { langCodeResponse } from '@/lib/schemas/site';
import { listLanguages } from '@/server/services/site/list-languages';

export const GET = endpoint({
  summary: 'The languages the site offers',
  tags: ['site'],
  response: langCodeResponse,
  publicMaxAge: 300,
  handle: async () => ({ langList: await listLanguages() }),
});
export const ALL = methodNotAllowed;
