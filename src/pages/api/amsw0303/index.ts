import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { journalListResponse } from '@/lib/schemas/journals';
import { listJournals } from '@/server/services/journals/list-journals';

export const GET = endpoint({
  summary: "The society's journals, each with its newest published issue",
  tags: ['journals'],
  response: journalListResponse,
  publicMaxAge: 30,
  handle: async ({ locale }) => ({ journalList: await listJournals(locale) }),
});
export const ALL = methodNotAllowed;
