import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { ErrorCode } from '@/lib/error-codes';
import { customPageQuery, customPageResponse } from '@/lib/schemas/articles';
import { getCustomPage } from '@/server/services/custom-pages/get-custom-page';

export const GET = endpoint({
  summary: 'A published custom page by its slug (e.g. about/board), with its body in the reader’s language',
  tags: ['pages'],
  query: customPageQuery,
  response: customPageResponse,
  codes: [ErrorCode.NO_DATA],
  publicMaxAge: 30,
  handle: ({ query, locale }) => getCustomPage(query.slug, locale),
});
export const ALL = methodNotAllowed;
