import { ErrorCode } from '@/lib/error-codes';
import { orderFilterQuery, staffOrdersResponse } from '@/lib/schemas/money';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { listStaffOrders } from '@/server/services/payments/staff-orders';

export const GET = endpoint({
  summary:
    'Orders, newest first, 50 a page, each with its gateway attempts, the money received and the transfers reported; filtered by status, the days made (Taipei) and words (order or receipt number, payer’s name, e-mail, member or business number)',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['finance'],
  query: orderFilterQuery,
  response: staffOrdersResponse,
  codes: [ErrorCode.NO_PERMISSION],
  handle: ({ actor, query, locale }) => listStaffOrders(actor, query, locale),
});
export const ALL = methodNotAllowed;
