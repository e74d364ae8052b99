import { ErrorCode } from '@/lib/error-codes';
import { homeBlockIdQuery, homeBlockView } from '@/lib/schemas/content-home';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { getHomeBlock } from '@/server/services/content/home-desk';

export const GET = endpoint({
  summary: 'One home-page block as the editors edit it: titles in both languages, its entries and `updatedAt`',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  query: homeBlockIdQuery,
  response: homeBlockView,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA],
  handle: ({ query }) => getHomeBlock(query.indexPartId),
});
export const ALL = methodNotAllowed;
