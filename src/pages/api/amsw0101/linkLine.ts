import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { linkLineBody } from '@/lib/schemas/account';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { finishLineLink } from '@/server/services/accounts/line-link';

export const POST = endpoint({
  summary: 'Finish linking with the code and state LINE sent back to /line/link (only in the session that started it)',
  tags: ['individual accounts'],
  auth: ['individual'],
  body: linkLineBody,
  codes: [ErrorCode.VERIFICATION_CODE, ErrorCode.DUPLICATE],
  response: z.object({ lineLinked: z.boolean(), displayName: z.string() }),
  handle: async ({ actor, body, url, clientIp }) => finishLineLink(actor, body, url.origin, await clientIp()),
});
export const ALL = methodNotAllowed;
