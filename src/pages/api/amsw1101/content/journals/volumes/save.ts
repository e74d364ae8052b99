import { ErrorCode } from '@/lib/error-codes';
import { deskJournal, volumeSaveBody } from '@/lib/schemas/journal-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { saveVolume } from '@/server/services/journals/journal-desk';

export const POST = endpoint({
  summary: 'Add a volume to a journal (without `journalVolumeId`) or change its number and year; answers the journal',
  description:
    'A journal has each volume number once (-13 `journalTaken`); a stale form is refused (-10 `contentChanged`). Audited `content.journalVolume.create|update`.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  body: volumeSaveBody,
  response: deskJournal,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.NO_DATA, ErrorCode.DUPLICATE],
  handle: async ({ actor, body, clientIp }) => saveVolume(actor, body, await clientIp()),
});
export const ALL = methodNotAllowed;
