import { ErrorCode } from '@/lib/error-codes';
import { deskJournalList, journalMoveBody } from '@/lib/schemas/journal-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { moveJournal } from '@/server/services/journals/journal-desk';

export const POST = endpoint({
  summary: 'Move a journal one place up or down the journals list; answers every journal in the new order',
  description:
    'The public journals list shows the new order before the answer; audited `content.journal.move` (places from 1).',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  body: journalMoveBody,
  response: deskJournalList,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.NO_DATA],
  handle: async ({ actor, body, clientIp }) => ({
    journals: await moveJournal(actor, body.journalListId, body.direction, await clientIp()),
  }),
});
export const ALL = methodNotAllowed;
