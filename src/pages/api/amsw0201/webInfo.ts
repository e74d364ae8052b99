import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { webInfoResponse } from '@/lib/schemas/site';
import { getWebInfo } from '@/server/services/site/get-web-info';

export const GET = endpoint({
  summary: "The society's name, description, icons and brand colour",
  tags: ['site'],
  response: webInfoResponse,
  publicMaxAge: 60,
  handle: ({ locale }) => getWebInfo(locale),
});
export const ALL = methodNotAllowed;
