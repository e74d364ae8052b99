import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { UPLOAD_PURPOSE_NAMES, UPLOAD_PURPOSES } from '@/lib/uploads';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { applicantFrom } from '@/server/services/applicants';
import { storeUpload } from '@/server/services/files/uploads';

const MAX_BYTES = Math.max(...UPLOAD_PURPOSE_NAMES.map((p) => UPLOAD_PURPOSES[p].maxBytes));

export const POST = endpoint({
  summary:
    'Upload a file privately for a purpose: an application’s documents and a course’s signed attendance sheet (PDF, JPEG or PNG), an attendance roster (CSV or Excel), a paper’s manuscript (PDF, stored without its metadata); the type is read from the bytes; answers the file id to send with the application, the roster or the paper',
  tags: ['files'],
  auth: ['individual', 'organ'],
  bodyType: 'multipart',
  maxFileBytes: MAX_BYTES,
  body: z.object({
    purpose: z.enum(UPLOAD_PURPOSE_NAMES as [string, ...string[]]),
    file: z.instanceof(File),
  }),
  response: z.object({
    fileId: z.number().int(),
    name: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    metadataStripped: z
      .boolean()
      .nullable()
      .describe(
        'A paper manuscript is stored without its PDF metadata (its author, say): false when that could not be done (an encrypted PDF); null for other purposes',
      ),
  }),
  codes: [ErrorCode.FILE_TOO_LARGE, ErrorCode.FORM_DATA, ErrorCode.NO_PERMISSION],
  handle: ({ actor, body }) =>
    storeUpload(applicantFrom(actor), body.purpose as keyof typeof UPLOAD_PURPOSES, body.file),
});
export const ALL = methodNotAllowed;
