import { ErrorCode } from '@/lib/error-codes';
import { deskJournal, journalIdQuery } from '@/lib/schemas/journal-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { getDeskJournal } from '@/server/services/journals/journal-desk';

export const GET = endpoint({
  summary: 'One journal as the editors edit it, with its volumes and issues and their `updatedAt`',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  query: journalIdQuery,
  response: deskJournal,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA],
  handle: ({ query }) => getDeskJournal(query.journalListId),
});
export const ALL = methodNotAllowed;
