import { ErrorCode } from '@/lib/error-codes';
import { personCorrectionBody, personCorrectionView } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { correctPerson } from '@/server/services/staff/correct-person';

export const POST = endpoint({
  summary: "Correct a person's details (names, national ID, birth date, e-mail, contact, work), with the reason",
  description:
    "Refused (-10, reason `personChanged`) when the account changed since `updatedAt` was read, and (-11, reason `correctOwn`) for one's own account. A new e-mail for an account holding a staff role needs `code`, a fresh code of the office worker's second factor (-10 with the field `code` when missing or wrong). A changed e-mail is told to both addresses. The audit log keeps the fields before and after (the ID masked).",
  tags: ['staff'],
  auth: ['individual'],
  roles: ['office'],
  body: personCorrectionBody,
  response: personCorrectionView,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA, ErrorCode.DATA_CHECK, ErrorCode.DUPLICATE],
  handle: async ({ actor, body: { accountId, ...correction }, clientIp }) =>
    correctPerson(actor, accountId, correction, await clientIp()),
});
export const ALL = methodNotAllowed;
