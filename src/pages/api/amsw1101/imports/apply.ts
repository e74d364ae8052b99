import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { applyImport, discardImport } from '@/server/services/imports/console-imports';

export const POST = endpoint({
  summary: 'Apply a checked console import (`apply: true`), or discard its file (`apply: false`)',
  description:
    'Only a run whose dry run has finished (`checked`) is applied, once; refused otherwise (-10 `importNotChecked`).',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['office'],
  body: z.object({ runId: z.number().int().positive().max(2_147_483_647), apply: z.boolean() }),
  response: z.null(),
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA, ErrorCode.DATA_CHECK],
  handle: async ({ actor, body }) => {
    if (body.apply) await applyImport(actor, body.runId);
    else await discardImport(body.runId);
    return null;
  },
});
export const ALL = methodNotAllowed;
