import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { idParam } from '@/lib/schemas/common';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { importRejects } from '@/server/services/imports/console-imports';

export const GET = endpoint({
  summary:
    "A console import's refused lines as a CSV file (the file's columns and the reason), to correct and import again; audited",
  tags: ['staff'],
  auth: ['individual'],
  roles: ['office'],
  query: z.object({ runId: idParam }),
  binary: true,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA],
  handle: async ({ actor, query, clientIp }) => importRejects(actor, query.runId, await clientIp()),
});
export const ALL = methodNotAllowed;
