import { ErrorCode } from '@/lib/error-codes';
import { homeBlockSaveBody, homeBlockView } from '@/lib/schemas/content-home';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { saveHomeBlock } from '@/server/services/content/home-desk';

export const POST = endpoint({
  summary:
    'Create a home-page block (without `indexPartId`, of `type`, placed last) or change its titles, item count and visibility',
  description:
    'Send the `updatedAt` the form was read with: a block changed since is refused (-10, reason `contentChanged`). The home page shows the change before the answer; audited `content.homeBlock.create|update`.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  body: homeBlockSaveBody,
  response: homeBlockView,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.NO_DATA],
  handle: async ({ actor, body, clientIp }) => saveHomeBlock(actor, body, await clientIp()),
});
export const ALL = methodNotAllowed;
