import { ErrorCode } from '@/lib/error-codes';
import { categorySaveBody, deskCategoryView } from '@/lib/schemas/category-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { saveCategory } from '@/server/services/articles/category-desk';

export const POST = endpoint({
  summary:
    'Write a category of articles or events (`kind`; new without `categoryId`): names, description, order, shown or hidden',
  description:
    'The zh-tw name is required. A change needs the `updatedAt` the form was read with: a category changed since is refused (-10, reason `categoryChanged`). A hidden category and its articles or events leave the public site; only an article category keeps a description. The change reaches every serving process before the answer.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  body: categorySaveBody,
  response: deskCategoryView,
  codes: [
    ErrorCode.NO_PERMISSION,
    ErrorCode.DATA_CHECK,
    ErrorCode.KEY_MISSING,
    ErrorCode.NO_DATA,
    ErrorCode.NO_ARTICLE_CLASS,
  ],
  handle: async ({ actor, body, clientIp }) => saveCategory(actor, body, await clientIp()),
});
export const ALL = methodNotAllowed;
