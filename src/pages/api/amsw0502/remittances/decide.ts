import { ErrorCode } from '@/lib/error-codes';
import { decideRemittanceBody, decideRemittanceResponse } from '@/lib/schemas/payments';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { decideRemittance } from '@/server/services/payments/remittances';

export const POST = endpoint({
  summary:
    'Confirm (the order is paid, once) or reject (with a note to the member) a reported bank transfer; only for holders of the finance role (-11); a decided transfer is refused',
  tags: ['payments'],
  auth: ['individual'],
  body: decideRemittanceBody,
  response: decideRemittanceResponse,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA],
  handle: ({ actor, body }) => decideRemittance(actor, body),
});
export const ALL = methodNotAllowed;
