import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { articleCategoryResponse } from '@/lib/schemas/articles';
import { listArticleCategories } from '@/server/services/articles/list-article-categories';

export const GET = endpoint({
  summary: 'Every article category in order',
  tags: ['articles'],
  response: articleCategoryResponse,
  publicMaxAge: 30,
  handle: async ({ locale }) => ({ articleCategoryList: await listArticleCategories(locale) }),
});
export const ALL = methodNotAllowed;
