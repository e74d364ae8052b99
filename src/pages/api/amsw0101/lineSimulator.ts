import { z } from 'zod';
import { lineSimulatorBody } from '@/lib/schemas/account';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { issueSimulatedLineCode } from '@/server/services/accounts/line-link';

export const POST = endpoint({
  summary:
    "The LINE Login simulator's consent (only without a configured LINE channel): a code for a demo LINE identity",
  tags: ['individual accounts'],
  body: lineSimulatorBody,
  response: z.object({ code: z.string() }),
  handle: async ({ body, url }) => ({ code: await issueSimulatedLineCode(body, url.origin) }),
});
export const ALL = methodNotAllowed;
