import { ErrorCode } from '@/lib/error-codes';
import { deskEventView, eventIdQuery } from '@/lib/schemas/event-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { getDeskEvent } from '@/server/services/events/event-desk';

export const GET = endpoint({
  summary: 'One event as the editors edit it: texts in both languages, Taipei times, its state and a preview address',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  query: eventIdQuery,
  response: deskEventView,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_ACTIVITY],
  handle: ({ query }) => getDeskEvent(query.eventId),
});
export const ALL = methodNotAllowed;
