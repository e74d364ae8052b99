import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { contentFileDeleteBody } from '@/lib/schemas/content-home';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { deleteContentFile } from '@/server/services/content/content-files';

export const POST = endpoint({
  summary: 'Delete a society file nothing shows any more',
  description:
    'A file still used is refused (-10, reason `fileInUse`, with `data.usedBy`: where it is shown); a member’s upload or an unknown id answers -7. Audited `content.file.delete`.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  body: contentFileDeleteBody,
  response: z.object({ fileId: z.number().int() }),
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.NO_FILE],
  handle: async ({ actor, body, clientIp, locale }) => {
    await deleteContentFile(actor, body.fileId, await clientIp(), locale);
    return { fileId: body.fileId };
  },
});
export const ALL = methodNotAllowed;
