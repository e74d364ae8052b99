import { ErrorCode } from '@/lib/error-codes';
import { rosterBody, rosterReport } from '@/lib/schemas/credits';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { uploadRoster } from '@/server/services/credits/attendance';

export const POST = endpoint({
  summary: 'Send an accredited course’s attendance roster with the signed sheet; the points post to the attendees',
  description:
    'Both files are uploaded first (`POST /api/amsw1001/upload`, purposes `roster` and `signedSheet`). From the course’s last day until the certification’s roster deadline after it. Each line (national ID, ' +
    'name, sign-in and sign-out) is matched to an account by the national ID together with the name (the account’s ' +
    'Chinese or English name; a member number is not taken), and what the attendee earned in each session ' +
    'under the rule for partial attendance is posted to their ledger once. A roster uploaded again replaces the ' +
    'one before: only what changed is posted, and entries of people no longer on it are withdrawn. Lines that ' +
    'give nothing come back in the report with their reason; a line that matches no account says only ' +
    'notMatched, never why. A file that is not a roster as a whole: -10 ' +
    '(rosterUnreadable, rosterEmpty, rosterTooLong, rosterNoIdentifierColumn, rosterNoNameColumn); a course not ' +
    'accredited yet: -10 courseNotAccredited; outside the window: -10 rosterNotYet or rosterClosed; files not the ' +
    'organisation’s uploads for those purposes: -10; more than 10 rosters of the course within an hour: -11 ' +
    '(rateLimited, with retryAfterSeconds).',
  tags: ['course accreditation'],
  auth: ['organ'],
  body: rosterBody,
  response: rosterReport,
  codes: [ErrorCode.NO_DATA, ErrorCode.DATA_CHECK, ErrorCode.NO_PERMISSION],
  handle: ({ actor, body }) => uploadRoster(actor, body),
});
export const ALL = methodNotAllowed;
