import { ErrorCode } from '@/lib/error-codes';
import { eventIdParamQuery, registrationSetupBody, registrationSetupView } from '@/lib/schemas/registrations';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { readRegistrationSetup, saveRegistrationSetup } from '@/server/services/registrations/desk';

export const GET = endpoint({
  summary: 'An event’s registration setup with its ticket types (seats taken, people waiting) and sessions',
  description: 'An event without a registration setup answers -6; an unknown event -18.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['events', 'admin'],
  query: eventIdParamQuery,
  response: registrationSetupView,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA, ErrorCode.NO_ACTIVITY],
  handle: ({ actor, query }) => readRegistrationSetup(actor, query.eventId),
});

export const PUT = endpoint({
  summary: 'Save an event’s registration: its setup, ticket types and sessions at once',
  description:
    'A ticket type or session without its id is added; one left out is removed (refused when registrations or check-ins hold it: -10 `ticketTypeInUse`, `sessionInUse`; or when its credits have posted: -10 `sessionPosted`). A capacity below the seats taken is refused (-10 `capacityBelowTaken`); a raised one offers the new seats to the people waiting. A posted session whose credits, times, ticket types or title change is posted again (its ledger entries corrected, the certificates of attendance whose facts changed re-issued). Audited.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['events', 'admin'],
  body: registrationSetupBody,
  response: registrationSetupView,
  codes: [
    ErrorCode.NO_PERMISSION,
    ErrorCode.DATA_CHECK,
    ErrorCode.DATE_FORMAT,
    ErrorCode.KEY_MISSING,
    ErrorCode.NO_ACTIVITY,
  ],
  handle: async ({ actor, body, clientIp }) => saveRegistrationSetup(actor, body, await clientIp()),
});
export const ALL = methodNotAllowed;
