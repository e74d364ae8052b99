import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { ErrorCode } from '@/lib/error-codes';
import { articleListQuery, articleListResponse } from '@/lib/schemas/articles';
import { listArticles } from '@/server/services/articles/list-articles';

export const GET = endpoint({
  summary: 'Published articles, pinned first then newest, optionally of one category, with keyword search',
  description:
    'The keyword is matched in the title and summary in either language. A page past the last answers an empty list with the true totals.',
  tags: ['articles'],
  query: articleListQuery,
  response: articleListResponse,
  codes: [ErrorCode.NO_ARTICLE_CLASS],
  publicMaxAge: 30,
  handle: ({ query, locale }) => listArticles(query, locale),
});
export const ALL = methodNotAllowed;
