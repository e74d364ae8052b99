import { ErrorCode } from '@/lib/error-codes';
import { detailQuery } from '@/lib/schemas/account';
import { organisationDetailResponse } from '@/lib/schemas/account-responses';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { getOrganisationDetail } from '@/server/services/accounts/get-account-detail';

export const GET = endpoint({
  summary: "An organisation's whole editable profile; only its owner may read it (-11 otherwise)",
  tags: ['organisation accounts'],
  auth: ['organ'],
  query: detailQuery,
  response: organisationDetailResponse,
  codes: [ErrorCode.NO_PERMISSION],
  handle: ({ actor, query }) => getOrganisationDetail(actor, query.accountId),
});
export const ALL = methodNotAllowed;
