import { ErrorCode } from '@/lib/error-codes';
import { deskPageList } from '@/lib/schemas/page-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { listDeskPages } from '@/server/services/custom-pages/page-desk';

export const GET = endpoint({
  summary: 'Every custom page, drafts too, by address, for the editors',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  response: deskPageList,
  codes: [ErrorCode.NO_PERMISSION],
  handle: async ({ locale }) => ({ rows: await listDeskPages(locale) }),
});
export const ALL = methodNotAllowed;
