import { ErrorCode } from '@/lib/error-codes';
import { deskPageList, pageDeskQuery } from '@/lib/schemas/page-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { listDeskPages } from '@/server/services/custom-pages/page-desk';

export const GET = endpoint({
  summary: 'The custom pages, drafts too, by address, 50 a page, for the editors: by state and words',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  query: pageDeskQuery,
  response: deskPageList,
  codes: [ErrorCode.NO_PERMISSION],
  handle: ({ query, locale }) => listDeskPages(query, locale),
});
export const ALL = methodNotAllowed;
