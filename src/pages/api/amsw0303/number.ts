import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { ErrorCode } from '@/lib/error-codes';
import { journalNumberQuery, journalNumberResponse } from '@/lib/schemas/journals';
import { getJournalNumber } from '@/server/services/journals/get-journal-number';

export const GET = endpoint({
  summary: 'One published issue with its table of contents (papers with their PDFs)',
  description: 'An issue that is not of the given volume, not published yet or of a hidden journal answers -6.',
  tags: ['journals'],
  query: journalNumberQuery,
  response: journalNumberResponse,
  codes: [ErrorCode.NO_DATA],
  publicMaxAge: 30,
  handle: ({ query, locale }) => getJournalNumber(query.journalVolumeId, query.journalNumberId, locale),
});
export const ALL = methodNotAllowed;
