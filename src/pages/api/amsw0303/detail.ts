import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { ErrorCode } from '@/lib/error-codes';
import { journalDetailQuery, journalDetailResponse } from '@/lib/schemas/journals';
import { getJournal } from '@/server/services/journals/get-journal';

export const GET = endpoint({
  summary: 'One journal with its volumes (newest first) and their published issues',
  description: 'An unknown or hidden journal answers -6.',
  tags: ['journals'],
  query: journalDetailQuery,
  response: journalDetailResponse,
  codes: [ErrorCode.NO_DATA],
  publicMaxAge: 30,
  handle: ({ query, locale }) => getJournal(query.journalListId, locale),
});
export const ALL = methodNotAllowed;
