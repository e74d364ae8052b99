import { ErrorCode } from '@/lib/error-codes';
import { homeBlockList, homeBlockMoveBody } from '@/lib/schemas/content-home';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { moveHomeBlock } from '@/server/services/content/home-desk';

export const POST = endpoint({
  summary: 'Move a home-page block one place up or down; answers every block in the new order',
  description: 'The home page shows the new order before the answer; audited `content.homeBlock.move` (places from 1).',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  body: homeBlockMoveBody,
  response: homeBlockList,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.NO_DATA],
  handle: async ({ actor, body, clientIp }) => ({
    blocks: await moveHomeBlock(actor, body.indexPartId, body.direction, await clientIp()),
  }),
});
export const ALL = methodNotAllowed;
