import { ErrorCode } from '@/lib/error-codes';
import { deskJournal, journalSaveBody } from '@/lib/schemas/journal-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { saveJournal } from '@/server/services/journals/journal-desk';

export const POST = endpoint({
  summary:
    'Create a journal (without `journalListId`, placed last) or change its name, description, ISSN, cover and visibility',
  description:
    'The cover is a society picture (-10 `fileNotImage` otherwise). Send the `updatedAt` the form was read with (-10 `contentChanged` when it changed since). Audited `content.journal.create|update`.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  body: journalSaveBody,
  response: deskJournal,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.NO_DATA],
  handle: async ({ actor, body, clientIp }) => saveJournal(actor, body, await clientIp()),
});
export const ALL = methodNotAllowed;
