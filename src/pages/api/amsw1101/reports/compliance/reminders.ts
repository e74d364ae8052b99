import { ErrorCode } from '@/lib/error-codes';
import { reportRoles } from '@/lib/reports/sections';
import { creditRemindersBody, remindersResultView } from '@/lib/schemas/reports';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { REMINDER_DAYS, sendCreditReminders } from '@/server/services/reports/credits';

export const POST = endpoint({
  summary: `Mail a credit reminder to the members the compliance list holds (or those chosen of them), at most once per member in ${REMINDER_DAYS} days`,
  description:
    'Each mail says, in the member’s language, what each of their certificates ending within the horizon lacks. Each member mailed gets an audit entry `credits.reminderSent`; members reminded within the window, or not on the list, are skipped and named.',
  tags: ['staff'],
  auth: ['individual'],
  roles: reportRoles('compliance'),
  body: creditRemindersBody,
  response: remindersResultView,
  codes: [ErrorCode.NO_PERMISSION],
  handle: async ({ body, actor, clientIp }) => sendCreditReminders(actor, body, await clientIp()),
});
export const ALL = methodNotAllowed;
