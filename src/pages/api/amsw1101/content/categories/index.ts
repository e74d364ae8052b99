import { ErrorCode } from '@/lib/error-codes';
import { deskCategoryList } from '@/lib/schemas/category-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { listDeskCategories } from '@/server/services/articles/category-desk';

export const GET = endpoint({
  summary: 'Every article category, hidden ones too, in the site order, with how many articles each holds',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  response: deskCategoryList,
  codes: [ErrorCode.NO_PERMISSION],
  handle: async () => ({ rows: await listDeskCategories() }),
});
export const ALL = methodNotAllowed;
