import { ErrorCode } from '@/lib/error-codes';
import { deskJournal, issueSaveBody } from '@/lib/schemas/journal-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { saveIssue } from '@/server/services/journals/journal-desk';

export const POST = endpoint({
  summary:
    'Add an issue (number) to a volume or change it, and put it out (`publish`) or keep it back; answers the journal',
  description:
    '`publish` puts the issue out on `publishedOn` (empty or today: now; a later day schedules it); without it the issue is a draft the site does not show. A volume has each number once (-13 `journalTaken`); a stale form is refused (-10 `contentChanged`). The journal pages show the change before the answer; audited `content.journalNumber.create|update|publish|unpublish`.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  body: issueSaveBody,
  response: deskJournal,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.DATE_FORMAT, ErrorCode.NO_DATA, ErrorCode.DUPLICATE],
  handle: async ({ actor, body, clientIp }) => saveIssue(actor, body, await clientIp()),
});
export const ALL = methodNotAllowed;
