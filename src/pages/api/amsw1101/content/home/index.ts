import { ErrorCode } from '@/lib/error-codes';
import { homeBlockList } from '@/lib/schemas/content-home';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { listHomeBlocks } from '@/server/services/content/home-desk';

export const GET = endpoint({
  summary:
    'Every home-page block, shown or hidden, in the home page’s order, with the entries of carousel, card and link blocks',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  response: homeBlockList,
  codes: [ErrorCode.NO_PERMISSION],
  handle: async () => ({ blocks: await listHomeBlocks() }),
});
export const ALL = methodNotAllowed;
