import { ErrorCode } from '@/lib/error-codes';
import { articleDeskQuery, deskArticleList } from '@/lib/schemas/content-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { listDeskArticles } from '@/server/services/articles/article-desk';

export const GET = endpoint({
  summary: 'Every article, whatever its state, for the editors: by category, state and words, 50 a page',
  description: 'Most recently changed first. `state` is draft, scheduled, published or withdrawn.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  query: articleDeskQuery,
  response: deskArticleList,
  codes: [ErrorCode.NO_PERMISSION],
  handle: ({ query, locale }) => listDeskArticles(query, locale),
});
export const ALL = methodNotAllowed;
