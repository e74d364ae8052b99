import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { categoryDeleteBody } from '@/lib/schemas/category-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { deleteCategory } from '@/server/services/articles/category-desk';

export const POST = endpoint({
  summary: 'Delete a category (`kind`: article or event) that holds no article or event',
  description:
    'Refused (-10, reason `categoryInUse`) while any article or event, whatever its state, is filed under it, and (-10, `categoryChanged`) when it changed after the form was read.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  body: categoryDeleteBody,
  response: z.object({}),
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.NO_DATA, ErrorCode.NO_ARTICLE_CLASS],
  handle: async ({ actor, body, clientIp }) => {
    await deleteCategory(actor, body.kind, body.categoryId, body.updatedAt, await clientIp());
    return {};
  },
});
export const ALL = methodNotAllowed;
