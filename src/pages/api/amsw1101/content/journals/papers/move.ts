import { ErrorCode } from '@/lib/error-codes';
import { deskIssuePapers, paperMoveBody } from '@/lib/schemas/journal-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { movePaper } from '@/server/services/journals/journal-desk';

export const POST = endpoint({
  summary: "Move a paper one place up or down its issue; answers the issue's papers in the new order",
  description: 'The public issue page shows the new order before the answer; audited `content.journalPaper.move`.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  body: paperMoveBody,
  response: deskIssuePapers,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.NO_DATA],
  handle: async ({ actor, body, clientIp }) => movePaper(actor, body.paperId, body.direction, await clientIp()),
});
export const ALL = methodNotAllowed;
