import { ErrorCode } from '@/lib/error-codes';
import { deskJournalList } from '@/lib/schemas/journal-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { listDeskJournals } from '@/server/services/journals/journal-desk';

export const GET = endpoint({
  summary: 'Every journal, shown or hidden, with its volumes (newest first) and their issues in every state',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  response: deskJournalList,
  codes: [ErrorCode.NO_PERMISSION],
  handle: async () => ({ journals: await listDeskJournals() }),
});
export const ALL = methodNotAllowed;
