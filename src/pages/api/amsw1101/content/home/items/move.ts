import { ErrorCode } from '@/lib/error-codes';
import { homeBlockView, homeItemMoveBody } from '@/lib/schemas/content-home';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { moveHomeItem } from '@/server/services/content/home-desk';

export const POST = endpoint({
  summary: 'Move an entry of a carousel, card or link block one place up or down; answers the block',
  description: 'Audited `content.homeItem.move`.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  body: homeItemMoveBody,
  response: homeBlockView,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.NO_DATA],
  handle: async ({ actor, body, clientIp }) => moveHomeItem(actor, body.itemId, body.direction, await clientIp()),
});
export const ALL = methodNotAllowed;
