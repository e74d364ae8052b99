import { ErrorCode } from '@/lib/error-codes';
import { deskEventView, eventSaveBody } from '@/lib/schemas/event-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { saveEvent } from '@/server/services/events/event-desk';

export const POST = endpoint({
  summary: 'Write an event (new without `eventId`), as a draft or published with `publish`',
  description:
    'The zh-tw title, the category, the start and the end (Taipei, `YYYY-MM-DDTHH:mm`) are required; an end before the start is refused (-10, reason `eventEndsFirst`). The programme is sanitised before it is stored; the registration address must be http(s). A change needs the `updatedAt` the form was read with (-10, `eventChanged` when it changed since). The change reaches every serving process before the answer.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  body: eventSaveBody,
  response: deskEventView,
  codes: [
    ErrorCode.NO_PERMISSION,
    ErrorCode.DATA_CHECK,
    ErrorCode.DATE_FORMAT,
    ErrorCode.KEY_MISSING,
    ErrorCode.NO_ACTIVITY,
  ],
  handle: async ({ actor, body, clientIp }) => saveEvent(actor, body, await clientIp()),
});
export const ALL = methodNotAllowed;
