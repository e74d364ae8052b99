import { myRegistrationsResponse } from '@/lib/schemas/registrations';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { myRegistrations } from '@/server/services/registrations/mine';

export const GET = endpoint({
  summary: 'The signed-in individual’s event registrations, newest first, each ticket’s token while it holds a seat',
  tags: ['events'],
  auth: ['individual'],
  response: myRegistrationsResponse,
  handle: async ({ actor, locale }) => ({ registrationList: await myRegistrations(actor, locale) }),
});
export const ALL = methodNotAllowed;
