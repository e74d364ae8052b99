import { ErrorCode } from '@/lib/error-codes';
import { deskEventView, eventUnpublishBody } from '@/lib/schemas/event-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { unpublishEvent } from '@/server/services/events/event-desk';

export const POST = endpoint({
  summary: 'Take a published event off the site at once (it becomes a draft again)',
  description:
    'Refused (-10, reason `eventNotPublic`) for a draft, and (-10, `eventChanged`) when it changed after the form was read.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  body: eventUnpublishBody,
  response: deskEventView,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.NO_ACTIVITY],
  handle: async ({ actor, body, clientIp }) => unpublishEvent(actor, body.eventId, body.updatedAt, await clientIp()),
});
export const ALL = methodNotAllowed;
