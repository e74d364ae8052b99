import { ErrorCode } from '@/lib/error-codes';
import { mailHoldBody, mailHoldView } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { mailHold, staffSetMailHold } from '@/server/services/mail/mail-hold';

export const GET = endpoint({
  summary: 'Whether the mail outbox is held (a restored copy starts held) and how many mails wait',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['admin'],
  response: mailHoldView,
  codes: [ErrorCode.NO_PERMISSION],
  handle: () => mailHold(),
});

export const POST = endpoint({
  summary: 'Hold or release the mail outbox with a fresh second-factor code, audited',
  description: 'While held nothing is sent; released, the waiting mails go at the mail worker’s pace.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['admin'],
  body: mailHoldBody,
  response: mailHoldView,
  codes: [ErrorCode.NO_PERMISSION],
  handle: async ({ actor, body, clientIp }) => staffSetMailHold(actor, body.held, body.code, await clientIp()),
});
export const ALL = methodNotAllowed;
