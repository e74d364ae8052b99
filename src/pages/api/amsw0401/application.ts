import { ErrorCode } from '@/lib/error-codes';
import { applicationDetailResponse, applicationQuery } from '@/lib/schemas/membership';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { getOwnApplication } from '@/server/services/membership/read-applications';

export const GET = endpoint({
  summary: 'One of the signed-in individual’s applications, with its documents, history and order',
  tags: ['membership'],
  auth: ['individual'],
  query: applicationQuery,
  response: applicationDetailResponse,
  codes: [ErrorCode.NO_DATA],
  handle: ({ actor, query, locale }) => getOwnApplication(actor, query.applicationId, locale),
});
export const ALL = methodNotAllowed;
