import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { memberClassListResponse } from '@/lib/schemas/membership';
import { listOpenClasses } from '@/server/services/membership/read-applications';

export const GET = endpoint({
  summary: 'The member classes open for joining, with their fees, terms and required documents',
  tags: ['membership'],
  response: memberClassListResponse,
  publicMaxAge: 30,
  handle: ({ locale }) => listOpenClasses(locale),
});
export const ALL = methodNotAllowed;
