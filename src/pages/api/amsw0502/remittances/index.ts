import { ErrorCode } from '@/lib/error-codes';
import { remittanceQueueResponse } from '@/lib/schemas/payments';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { listReportedRemittances } from '@/server/services/payments/remittances';

export const GET = endpoint({
  summary: 'The reported bank transfers waiting for finance, oldest first; only for holders of the finance role (-11)',
  tags: ['payments'],
  auth: ['individual'],
  response: remittanceQueueResponse,
  codes: [ErrorCode.NO_PERMISSION],
  handle: async ({ actor, locale }) => ({ remittanceList: await listReportedRemittances(actor, locale) }),
});
export const ALL = methodNotAllowed;
