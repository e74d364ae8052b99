import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { blankIsAbsent, idParam } from '@/lib/schemas/common';
import { importRunView } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import {
  CONSOLE_IMPORT_MAX_BYTES,
  importRun,
  recentImports,
  startImport,
} from '@/server/services/imports/console-imports';

export const GET = endpoint({
  summary: 'One console import (`runId`: its state, how far its pass has read, its report), or the latest ten',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['office'],
  query: z.object({ runId: blankIsAbsent(idParam) }),
  response: z.union([importRunView, z.array(importRunView)]),
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA],
  handle: ({ query }) => (query.runId === undefined ? recentImports() : importRun(query.runId)),
});

export const POST = endpoint({
  summary:
    'Upload a members or credits file (CSV or Excel) and start its dry run; nothing is written until it is applied',
  description:
    'The same checks and report as `npm run import`. Refused (-10) while another import runs (`importBusy`), for a file that is not CSV or .xlsx, a workbook saved with a .csv name, a CSV file not in the chosen encoding and an unknown certification kind (`importProblem`, saying which, as the command does).',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['office'],
  bodyType: 'multipart',
  maxFileBytes: CONSOLE_IMPORT_MAX_BYTES,
  body: z.object({
    kind: z.enum(['members', 'credits']),
    certificationCode: blankIsAbsent(z.string().trim().max(50)),
    encoding: z.enum(['utf-8', 'big5']).default('utf-8'),
    file: z.instanceof(File),
  }),
  response: z.object({ runId: z.number().int() }),
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.FILE_TOO_LARGE, ErrorCode.FORM_DATA],
  handle: ({ actor, body }) => startImport(actor, body),
});
export const ALL = methodNotAllowed;
