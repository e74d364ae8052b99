import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { contentFileUploaded } from '@/lib/schemas/content-home';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { storeContentFile } from '@/server/services/content/content-files';

export const POST = endpoint({
  summary: 'Upload a file for the public site: a JPEG, PNG or WebP picture, or a PDF (the type read from the bytes)',
  description:
    'At most 10 MiB (-996). Another type answers -21 (`contentFileType`), an empty file -21 (`uploadEmpty`), a broken picture -21 (`imageUnreadable`). A picture is turned upright, scaled down to fit 2000 pixels and stored without its metadata (`resizedFrom`: its size before, when scaled). Audited `content.file.upload`.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  bodyType: 'multipart',
  body: z.object({ file: z.instanceof(File) }),
  response: contentFileUploaded,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.FILE_TOO_LARGE, ErrorCode.FORM_DATA],
  handle: async ({ actor, body, clientIp }) => storeContentFile(actor, body.file, await clientIp()),
});
export const ALL = methodNotAllowed;
