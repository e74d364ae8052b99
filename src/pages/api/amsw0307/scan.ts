import { ErrorCode } from '@/lib/error-codes';
import { doorScanAnswer, doorScanBody } from '@/lib/schemas/door';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { doorOf, scanAtDoor } from '@/server/services/registrations/check-in';
import { DOOR_COOKIE } from '@/server/services/registrations/door-links';

export const POST = endpoint({
  summary: 'Check a ticket in (or out) of a session at the door',
  description:
    'The ticket by what the camera read or staff typed (its address `…/ticket/{token}`, the token, or the ' +
    'registration number) or by a registration the search found. The answer’s `result`: `checkedIn` / `checkedOut` ' +
    'now; `already` (when, and which door: the door link’s label or the staff member’s name) when another scan was ' +
    'first, however many doors scan at once; `notCheckedIn` when scanning out a ticket never checked in; ' +
    '`cancelled`, `expired`, `rejected`, `unpaid` (awaiting payment or approval), `waiting`; `wrongEvent` (with the ' +
    'event it is for); `notForSession` (its ticket type is not admitted to the session); `unknown`. A session not ' +
    'of the door’s event answers -6 (`sessionUnknown`); scanning out of a session not scanned out -10 (`noCheckOut`). ' +
    'Who may scan: as `GET /api/amsw0307`.',
  tags: ['events'],
  auth: 'optional',
  body: doorScanBody,
  response: doorScanAnswer,
  codes: [
    ErrorCode.KEY_MISSING,
    ErrorCode.NO_PERMISSION,
    ErrorCode.NOT_LOGGED_IN,
    ErrorCode.NO_DATA,
    ErrorCode.DATA_CHECK,
  ],
  handle: async ({ actor, body, cookies, locale }) =>
    scanAtDoor(await doorOf(actor, cookies.get(DOOR_COOKIE)?.value ?? null, body.eventId), body, locale),
});
export const ALL = methodNotAllowed;
