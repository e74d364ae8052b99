import { ErrorCode } from '@/lib/error-codes';
import { detailQuery } from '@/lib/schemas/account';
import { individualDetailResponse } from '@/lib/schemas/account-responses';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { getIndividualDetail } from '@/server/services/accounts/get-account-detail';

export const GET = endpoint({
  summary: "An individual account's whole editable profile; only its owner may read it (-11 otherwise)",
  tags: ['individual accounts'],
  auth: ['individual'],
  query: detailQuery,
  response: individualDetailResponse,
  codes: [ErrorCode.NO_PERMISSION],
  handle: ({ actor, query }) => getIndividualDetail(actor, query.accountId),
});
export const ALL = methodNotAllowed;
