import { z } from 'zod';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { startLineLink } from '@/server/services/accounts/line-link';

export const GET = endpoint({
  summary:
    'Start linking a LINE account: where to send the browser (LINE Login with state and PKCE, or the built-in simulator)',
  tags: ['individual accounts'],
  auth: ['individual'],
  writes: true,
  response: z.object({ authorizeUrl: z.string(), simulated: z.boolean() }),
  handle: ({ actor, url }) => startLineLink(actor, url.origin),
});
export const ALL = methodNotAllowed;
