import { ErrorCode } from '@/lib/error-codes';
import { certificationQuery, certificationResponse } from '@/lib/schemas/credits';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { getCertificationStanding } from '@/server/services/credits/standing';

export const GET = endpoint({
  summary:
    'Where the signed-in individual stands for a certification: the latest certificate, every rule counted, and the ledger with optional filters; an unknown or unpublished certification -6',
  tags: ['credits'],
  auth: ['individual'],
  query: certificationQuery,
  response: certificationResponse,
  codes: [ErrorCode.NO_DATA],
  handle: ({ actor, query, locale }) =>
    getCertificationStanding(actor, query.certificationId, locale, {
      year: query.year,
      category: query.category,
      method: query.method,
      creditClass: query.class,
      counted: query.counted,
    }),
});
export const ALL = methodNotAllowed;
