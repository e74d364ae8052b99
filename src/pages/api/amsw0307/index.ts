import { ErrorCode } from '@/lib/error-codes';
import { doorOverviewAnswer, doorQuery } from '@/lib/schemas/door';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { doorOf, doorOverview } from '@/server/services/registrations/check-in';
import { DOOR_COOKIE } from '@/server/services/registrations/door-links';

export const GET = endpoint({
  summary: 'The door’s event and its sessions with how many are checked in and out',
  description:
    'For door staff: a signed-in holder of the `events` or `admin` role naming `eventId`, or a phone holding the ' +
    'door cookie a door link (`/door/{token}`) set, which is held to that link’s event (another `eventId` answers ' +
    '-11; a revoked or expired link is no door). -9 without either, -11 for anyone else, -18 for an event without ' +
    'registration.',
  tags: ['events'],
  auth: 'optional',
  query: doorQuery,
  response: doorOverviewAnswer,
  codes: [ErrorCode.KEY_MISSING, ErrorCode.NO_PERMISSION, ErrorCode.NOT_LOGGED_IN, ErrorCode.NO_ACTIVITY],
  handle: async ({ actor, query, cookies, locale }) =>
    doorOverview(await doorOf(actor, cookies.get(DOOR_COOKIE)?.value ?? null, query.eventId), locale),
});
export const ALL = methodNotAllowed;
