import { ErrorCode } from '@/lib/error-codes';
import { deskPageView, pageSaveBody } from '@/lib/schemas/page-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { savePage } from '@/server/services/custom-pages/page-desk';

export const POST = endpoint({
  summary: 'Write a custom page (new without `pageId`), as a draft or published with `publish`',
  description:
    'The address (lowercase words joined by - and /, not under one of the site’s own addresses) and the zh-tw title are required; an address another page has is refused (-13). Rich text is sanitised before it is stored. A change needs the `updatedAt` the form was read with (-10, `pageChanged` when it changed since). The change reaches every serving process before the answer.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  body: pageSaveBody,
  response: deskPageView,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.KEY_MISSING, ErrorCode.DUPLICATE, ErrorCode.NO_DATA],
  handle: async ({ actor, body, clientIp }) => savePage(actor, body, await clientIp()),
});
export const ALL = methodNotAllowed;
