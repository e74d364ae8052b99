import { ErrorCode } from '@/lib/error-codes';
import { detailQuery } from '@/lib/schemas/account';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { getAccountDetail } from '@/server/services/accounts/get-account-detail';

export const GET = endpoint({
  summary: "An organisation's whole editable profile; only its owner may read it (-11 otherwise)",
  tags: ['organisation accounts'],
  auth: ['organ'],
  query: detailQuery,
  codes: [ErrorCode.NO_PERMISSION],
  handle: ({ actor, query }) => getAccountDetail(actor, query.accountId),
});
export const ALL = methodNotAllowed;
