import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { UPLOAD_PURPOSE_NAMES, UPLOAD_PURPOSES } from '@/lib/uploads';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { applicantFrom } from '@/server/services/applicants';
import { storeUpload } from '@/server/services/files/uploads';

const MAX_BYTES = Math.max(...Object.values(UPLOAD_PURPOSES).map((p) => p.maxBytes));

export const POST = endpoint({
  summary:
    'Upload a document privately (an application’s documents; an organisation’s course documents): the type is read from the bytes (PDF, JPEG or PNG); answers the file id to send with the application',
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
  }),
  codes: [ErrorCode.FILE_TOO_LARGE, ErrorCode.FORM_DATA],
  handle: ({ actor, body }) =>
    storeUpload(applicantFrom(actor), body.purpose as keyof typeof UPLOAD_PURPOSES, body.file),
});
export const ALL = methodNotAllowed;
