import { ErrorCode } from '@/lib/error-codes';
import { enrolmentView } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { startEnrolment } from '@/server/services/staff/second-factor';

export const POST = endpoint({
  summary: 'Start setting up an authenticator app: a new secret and its QR code, confirmed by a first code',
  tags: ['staff'],
  auth: ['individual'],
  response: enrolmentView,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DUPLICATE],
  handle: async ({ actor }) => startEnrolment(actor),
});
export const ALL = methodNotAllowed;
