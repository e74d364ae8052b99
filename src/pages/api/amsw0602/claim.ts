import { ErrorCode } from '@/lib/error-codes';
import { claimBody, claimChangeBody, claimQuery, claimView } from '@/lib/schemas/credits';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { getOwnClaim, resubmitClaim, submitClaim } from '@/server/services/credits/claims';

export const GET = endpoint({
  summary: 'One of the signed-in individual’s credit claims, with its evidence, history and order; another’s -6',
  tags: ['credits'],
  auth: ['individual'],
  query: claimQuery,
  response: claimView,
  codes: [ErrorCode.NO_DATA],
  handle: ({ actor, query, locale }) => getOwnClaim(actor, query.applicationId, locale),
});

export const POST = endpoint({
  summary: 'Claim points not recorded automatically (a paper, a lecture given, a course abroad) for a certification',
  description:
    'The category must be one of the certification’s, the day not in the future, and the evidence files uploaded ' +
    'first by the claimant for an application (-10 otherwise). The claim goes to the credit reviewers; the review ' +
    'fee of the certification (its rules’ claimFee) is due once it is approved, and the granted points land in the ' +
    'ledger once it is paid, or at once when there is no fee. Several claims may be open at a time.',
  tags: ['credits'],
  auth: ['individual'],
  body: claimBody,
  response: claimView,
  codes: [ErrorCode.NO_DATA, ErrorCode.DATA_CHECK],
  handle: async ({ actor, body, locale }) => {
    const app = await submitClaim(actor, body, locale);
    return getOwnClaim(actor, app.id, locale);
  },
});

export const PUT = endpoint({
  summary: 'A claim returned for changes, changed and sent again to the credit reviewers',
  tags: ['credits'],
  auth: ['individual'],
  body: claimChangeBody,
  response: claimView,
  codes: [ErrorCode.NO_DATA, ErrorCode.DATA_CHECK],
  handle: async ({ actor, body, locale }) => {
    const app = await resubmitClaim(actor, body, locale);
    return getOwnClaim(actor, app.id, locale);
  },
});
export const ALL = methodNotAllowed;
