import { ErrorCode } from '@/lib/error-codes';
import { deskWebInfoView, webInfoSaveBody } from '@/lib/schemas/web-info-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { saveWebInfo } from '@/server/services/site/web-info-desk';

export const POST = endpoint({
  summary: 'Change the society’s name and the footer (address, telephone, fax, e-mail, hours, copyright, links)',
  description:
    'The zh-tw name is required; links are web addresses, mailto: addresses or paths of this site (at most 10). Needs the `updatedAt` the form was read with (-10, `webInfoChanged` when it changed since). The change reaches every serving process before the answer.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  body: webInfoSaveBody,
  response: deskWebInfoView,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.DATE_FORMAT, ErrorCode.NO_DATA],
  handle: async ({ actor, body, clientIp }) => saveWebInfo(actor, body, await clientIp()),
});
export const ALL = methodNotAllowed;
