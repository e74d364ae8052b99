import { ErrorCode } from '@/lib/error-codes';
import { staffRegistrationList, staffRegistrationsQuery } from '@/lib/schemas/registrations';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { listEventRegistrations } from '@/server/services/registrations/desk';

export const GET = endpoint({
  summary: 'An event’s registrations, newest first, 50 a page, filtered by ticket type and state',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['events', 'admin'],
  query: staffRegistrationsQuery,
  response: staffRegistrationList,
  codes: [ErrorCode.NO_PERMISSION],
  handle: ({ actor, query, locale }) => listEventRegistrations(actor, query, locale),
});
export const ALL = methodNotAllowed;
