import { ErrorCode } from '@/lib/error-codes';
import { deskWebInfoView } from '@/lib/schemas/web-info-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { getDeskWebInfo } from '@/server/services/site/web-info-desk';

export const GET = endpoint({
  summary: 'The society’s name and the footer every page shows, in both languages, as the editors edit them',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  response: deskWebInfoView,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA],
  handle: () => getDeskWebInfo(),
});
export const ALL = methodNotAllowed;
