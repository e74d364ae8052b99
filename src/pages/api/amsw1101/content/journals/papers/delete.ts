import { ErrorCode } from '@/lib/error-codes';
import { deskIssuePapers, paperDeleteBody } from '@/lib/schemas/journal-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { deletePaper } from '@/server/services/journals/journal-desk';

export const POST = endpoint({
  summary: "Remove a paper from its issue (its PDF stays among the files); answers the issue's papers",
  description: 'A stale form is refused (-10 `contentChanged`). Audited `content.journalPaper.delete`.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  body: paperDeleteBody,
  response: deskIssuePapers,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.NO_DATA],
  handle: async ({ actor, body, clientIp }) => deletePaper(actor, body.paperId, body.updatedAt, await clientIp()),
});
export const ALL = methodNotAllowed;
