import { ErrorCode } from '@/lib/error-codes';
import { foundPapers, paperFinderQuery } from '@/lib/schemas/journal-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { findDeskPapers } from '@/server/services/journals/journal-desk';

export const GET = endpoint({
  summary: 'The papers of every issue, drafts too, whose title, authors or abstract hold the words, for the editors',
  description: 'Newest volume and issue first, 50 a page; no words, no papers. `state` is the issue’s.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  query: paperFinderQuery,
  response: foundPapers,
  codes: [ErrorCode.NO_PERMISSION],
  handle: ({ query, locale }) => findDeskPapers(query, locale),
});
export const ALL = methodNotAllowed;
