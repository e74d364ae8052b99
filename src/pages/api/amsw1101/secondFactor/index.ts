import { ErrorCode } from '@/lib/error-codes';
import { secondFactorStatusView } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { secondFactorStatus } from '@/server/services/staff/second-factor';

export const GET = endpoint({
  summary: "The staff account's second factor: set up or not, recovery codes left, and whether this session passed it",
  tags: ['staff'],
  auth: ['individual'],
  response: secondFactorStatusView,
  codes: [ErrorCode.NO_PERMISSION],
  handle: async ({ actor }) => {
    const status = await secondFactorStatus(actor);
    return { ...status, passkeys: status.passkeys.length, passedAt: status.passedAt?.toISOString() ?? null };
  },
});
export const ALL = methodNotAllowed;
