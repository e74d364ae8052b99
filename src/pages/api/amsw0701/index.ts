import { z } from 'zod';
import { callView } from '@/lib/schemas/papers';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { listAuthorCalls } from '@/server/services/papers/papers';

export const GET = endpoint({
  summary:
    'The calls for papers a signed-in individual may submit to (open, upcoming, or run elsewhere), with their own papers in each',
  description:
    'A call whose `state` is `external` takes submissions at its `serviceUrl`, not here. Closed calls are listed ' +
    'only when the reader has papers in them.',
  tags: ['submissions'],
  auth: ['individual'],
  response: z.object({ callList: z.array(callView) }),
  handle: async ({ actor, locale }) => ({ callList: await listAuthorCalls(actor, locale) }),
});
export const ALL = methodNotAllowed;
