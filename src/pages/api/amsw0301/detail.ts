import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { ErrorCode } from '@/lib/error-codes';
import { articleDetailQuery, articleDetailResponse } from '@/lib/schemas/articles';
import { getArticle } from '@/server/services/articles/get-article';

export const GET = endpoint({
  summary: 'A published article with its body in the reader’s language (HTML sanitised), downloads and neighbours',
  tags: ['articles'],
  query: articleDetailQuery,
  response: articleDetailResponse,
  codes: [ErrorCode.NO_ARTICLE],
  publicMaxAge: 30,
  handle: ({ query, locale }) => getArticle(query.articleId, locale),
});
export const ALL = methodNotAllowed;
