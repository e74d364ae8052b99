import { ErrorCode } from '@/lib/error-codes';
import { homeBlockDeleteBody, homeBlockList } from '@/lib/schemas/content-home';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { deleteHomeBlock } from '@/server/services/content/home-desk';

export const POST = endpoint({
  summary: 'Delete a home-page block with its entries (their pictures stay among the files); answers the blocks left',
  description:
    'The home page leaves the block out before the answer. A stale form is refused (-10 `contentChanged`). Audited `content.homeBlock.delete` with the block and its entries as they were.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  body: homeBlockDeleteBody,
  response: homeBlockList,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.NO_DATA],
  handle: async ({ actor, body, clientIp }) => ({
    blocks: await deleteHomeBlock(actor, body.indexPartId, body.updatedAt, await clientIp()),
  }),
});
export const ALL = methodNotAllowed;
