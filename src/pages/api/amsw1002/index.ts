import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { ErrorCode } from '@/lib/error-codes';
import { fileQuery } from '@/lib/schemas/site';
import { fileResponse } from '@/server/http/file-response';
import { readFile } from '@/server/services/site/read-file';

export const GET = endpoint({
  summary: 'A stored file or image by id, streamed with its content type, ETag and caching headers',
  tags: ['files'],
  query: fileQuery,
  binary: true,
  codes: [ErrorCode.NO_FILE],
  handle: async ({ query, request }) => fileResponse(await readFile(query.fileId), request),
});
export const ALL = methodNotAllowed;
