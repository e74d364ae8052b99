import { ErrorCode } from '@/lib/error-codes';
import { articleIdQuery, deskArticleView } from '@/lib/schemas/content-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { getDeskArticle } from '@/server/services/articles/article-desk';

export const GET = endpoint({
  summary: 'One article as the editors edit it: texts in both languages, its state and a signed preview address',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  query: articleIdQuery,
  response: deskArticleView,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_ARTICLE],
  handle: ({ query }) => getDeskArticle(query.articleId),
});
export const ALL = methodNotAllowed;
