import { ErrorCode } from '@/lib/error-codes';
import { deskIssuePapers, issueIdQuery } from '@/lib/schemas/journal-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { getIssuePapers } from '@/server/services/journals/journal-desk';

export const GET = endpoint({
  summary: "One issue's papers as the editors edit them, in order, with their `updatedAt`",
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  query: issueIdQuery,
  response: deskIssuePapers,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA],
  handle: ({ query }) => getIssuePapers(query.journalNumberId),
});
export const ALL = methodNotAllowed;
