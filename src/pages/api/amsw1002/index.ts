import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { ErrorCode } from '@/lib/error-codes';
import { fileQuery } from '@/lib/schemas/site';
import { fileResponse } from '@/server/http/file-response';
import { readFile } from '@/server/services/site/read-file';
import { FILE_GRANT_COOKIE } from '@/server/auth/file-grants';

export const GET = endpoint({
  summary:
    'A stored file or image by id, streamed with its content type, ETag and caching headers. A file only unpublished content uses answers -7 without a file preview token (`token`) or a preview page’s grant cookie',
  tags: ['files'],
  query: fileQuery,
  binary: true,
  codes: [ErrorCode.NO_FILE],
  handle: async ({ query, request, cookies }) =>
    fileResponse(
      await readFile(query.fileId, { token: query.token, grant: cookies.get(FILE_GRANT_COOKIE)?.value }),
      request,
    ),
});
export const ALL = methodNotAllowed;
