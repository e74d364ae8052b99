import { ErrorCode } from '@/lib/error-codes';
import { doorSearchAnswer, doorSearchQuery } from '@/lib/schemas/door';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { doorOf, searchAtDoor } from '@/server/services/registrations/check-in';
import { DOOR_COOKIE } from '@/server/services/registrations/door-links';

export const GET = endpoint({
  summary: 'Find a lost ticket at the door by part of the holder’s name or the registration number',
  description:
    'The door’s event’s registrations (every state, each with it) whose number or holder’s name in either ' +
    'language contains `q`, by number, at most 20; with `sessionId`, when each was checked in and out of it. ' +
    'Who may search: as `GET /api/amsw0307`.',
  tags: ['events'],
  auth: 'optional',
  query: doorSearchQuery,
  response: doorSearchAnswer,
  codes: [ErrorCode.KEY_MISSING, ErrorCode.NO_PERMISSION, ErrorCode.NOT_LOGGED_IN],
  handle: async ({ actor, query, cookies, locale }) =>
    searchAtDoor(await doorOf(actor, cookies.get(DOOR_COOKIE)?.value ?? null, query.eventId), query, locale),
});
export const ALL = methodNotAllowed;
