import { ErrorCode } from '@/lib/error-codes';
import { deskEventList, eventDeskQuery } from '@/lib/schemas/event-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { listDeskEvents } from '@/server/services/events/event-desk';

export const GET = endpoint({
  summary: 'Every event, drafts too, for the editors: by state and words (title, text or place), 50 a page',
  description: 'Latest start first. `state` is draft or published.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  query: eventDeskQuery,
  response: deskEventList,
  codes: [ErrorCode.NO_PERMISSION],
  handle: ({ query, locale }) => listDeskEvents(query, locale),
});
export const ALL = methodNotAllowed;
