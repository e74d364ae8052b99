import { ErrorCode } from '@/lib/error-codes';
import { categoryListQuery, deskCategoryList } from '@/lib/schemas/category-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { listDeskCategories } from '@/server/services/articles/category-desk';

export const GET = endpoint({
  summary:
    'Every category of a kind (article or event), hidden ones too, in the site order, with how many items each holds',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  query: categoryListQuery,
  response: deskCategoryList,
  codes: [ErrorCode.NO_PERMISSION],
  handle: async ({ query }) => ({ rows: await listDeskCategories(query.kind) }),
});
export const ALL = methodNotAllowed;
