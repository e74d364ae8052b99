import { ErrorCode } from '@/lib/error-codes';
import { homeBlockView, homeItemSaveBody } from '@/lib/schemas/content-home';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { saveHomeItem } from '@/server/services/content/home-desk';

export const POST = endpoint({
  summary:
    'Add an entry to a carousel, card or link block (without `itemId`, placed last) or change one; answers the block',
  description:
    'The picture is a society image from the files desk (-10 `fileNotImage` otherwise); a news or events block has no entries (-10 `blockHasNoItems`); a stale form is refused (-10 `contentChanged`). Audited `content.homeItem.create|update`.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  body: homeItemSaveBody,
  response: homeBlockView,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.NO_DATA],
  handle: async ({ actor, body, clientIp }) => saveHomeItem(actor, body, await clientIp()),
});
export const ALL = methodNotAllowed;
