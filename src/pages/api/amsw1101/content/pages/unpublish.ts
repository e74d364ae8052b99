import { ErrorCode } from '@/lib/error-codes';
import { deskPageView, pageUnpublishBody } from '@/lib/schemas/page-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { unpublishPage } from '@/server/services/custom-pages/page-desk';

export const POST = endpoint({
  summary: 'Take a published custom page off the site at once (it becomes a draft again)',
  description:
    'Refused (-10, reason `pageNotPublic`) for a draft, and (-10, `pageChanged`) when it changed after the form was read.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  body: pageUnpublishBody,
  response: deskPageView,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.NO_DATA],
  handle: async ({ actor, body, clientIp }) => unpublishPage(actor, body.pageId, body.updatedAt, await clientIp()),
});
export const ALL = methodNotAllowed;
