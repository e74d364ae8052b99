import { ErrorCode } from '@/lib/error-codes';
import { registrationDecisionBody } from '@/lib/schemas/registrations';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { decideEventRegistration } from '@/server/services/registrations/desk';

export const POST = endpoint({
  summary: 'Approve or reject a registration awaiting approval (a person waiting may be rejected too)',
  description:
    'Approved, it keeps its seat: confirmed when free, else awaiting payment with its order and time to pay. Rejected, its seat goes to the next person waiting. The registrant is mailed; audited. -10 `registrationDecided` when it is not awaiting a decision any more.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['events', 'admin'],
  body: registrationDecisionBody,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA, ErrorCode.DATA_CHECK],
  handle: async ({ actor, body, clientIp }) => {
    await decideEventRegistration(actor, body, await clientIp());
    return null;
  },
});
export const ALL = methodNotAllowed;
