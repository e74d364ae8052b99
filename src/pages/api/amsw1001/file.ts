import { ErrorCode } from '@/lib/error-codes';
import { fileQuery } from '@/lib/schemas/site';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { fileResponse } from '@/server/http/file-response';
import { readPrivateFile } from '@/server/services/files/private-files';

export const GET = endpoint({
  summary:
    'A private upload (an application’s document), for its owner (an individual or an organisation) or a reviewer of the queue its application waits on; never cached',
  tags: ['files'],
  auth: ['individual', 'organ'],
  query: fileQuery.pick({ fileId: true }),
  binary: true,
  codes: [ErrorCode.NO_FILE],
  handle: async ({ actor, query, request }) => fileResponse(await readPrivateFile(actor, query.fileId), request),
});
export const ALL = methodNotAllowed;
