import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { societyText } from '@/server/services/society/society-console';

export const GET = endpoint({
  summary: 'The stored society as the text of its file (as `npm run society -- export` writes it)',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['admin'],
  response: z.object({ text: z.string() }),
  codes: [ErrorCode.NO_PERMISSION],
  handle: async () => ({ text: await societyText() }),
});
export const ALL = methodNotAllowed;
