import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { homePageResponse } from '@/lib/schemas/site';
import { getHomePage } from '@/server/services/site/get-home-page';

export const GET = endpoint({
  summary: "The home page's blocks in order (ltsnews and event blocks with their lists) and the footer",
  tags: ['home'],
  response: homePageResponse,
  publicMaxAge: 30,
  handle: ({ locale }) => getHomePage(locale),
});
export const ALL = methodNotAllowed;
