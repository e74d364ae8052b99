import { ErrorCode } from '@/lib/error-codes';
import { contentFileList, contentFilesQuery } from '@/lib/schemas/content-home';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { listContentFiles } from '@/server/services/content/content-files';

export const GET = endpoint({
  summary: 'The society’s files the public site may show, newest first, 50 a page, each with where it is used',
  description: '`kind` is image or pdf. Members’ private uploads are not listed.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  query: contentFilesQuery,
  response: contentFileList,
  codes: [ErrorCode.NO_PERMISSION],
  handle: ({ query, locale }) => listContentFiles(query, locale),
});
export const ALL = methodNotAllowed;
