import { ErrorCode } from '@/lib/error-codes';
import { remittanceBody, remittanceView } from '@/lib/schemas/payments';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { reportRemittance } from '@/server/services/payments/remittances';

export const POST = endpoint({
  summary:
    'Report a bank transfer for one of the payer’s own pending orders (a member’s, or an organisation’s course fee): the day (not before the order, not in the future), the order’s amount, the paying account’s last five digits; one report waits per order (-13)',
  tags: ['payments'],
  auth: ['individual', 'organ'],
  body: remittanceBody,
  response: remittanceView,
  codes: [ErrorCode.NO_DATA, ErrorCode.DUPLICATE],
  handle: ({ actor, body }) => reportRemittance(actor, body),
});
export const ALL = methodNotAllowed;
