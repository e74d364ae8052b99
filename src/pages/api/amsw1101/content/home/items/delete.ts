import { ErrorCode } from '@/lib/error-codes';
import { homeBlockView, homeItemDeleteBody } from '@/lib/schemas/content-home';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { deleteHomeItem } from '@/server/services/content/home-desk';

export const POST = endpoint({
  summary: 'Remove an entry from its block (its picture stays among the files); answers the block',
  description: 'A stale form is refused (-10 `contentChanged`). Audited `content.homeItem.delete`.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  body: homeItemDeleteBody,
  response: homeBlockView,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.NO_DATA],
  handle: async ({ actor, body, clientIp }) => deleteHomeItem(actor, body.itemId, body.updatedAt, await clientIp()),
});
export const ALL = methodNotAllowed;
