import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { applicationListResponse } from '@/lib/schemas/membership';
import { listOwnApplications } from '@/server/services/membership/read-applications';

export const GET = endpoint({
  summary: "The signed-in individual's own membership applications, newest first",
  tags: ['membership'],
  auth: ['individual'],
  response: applicationListResponse,
  handle: ({ actor, locale }) => listOwnApplications(actor, locale),
});
export const ALL = methodNotAllowed;
