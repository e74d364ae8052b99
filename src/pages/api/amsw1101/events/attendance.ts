import { ErrorCode } from '@/lib/error-codes';
import {
  attendanceCorrectionBody,
  attendanceCorrectionResponse,
  sessionAttendanceList,
  sessionAttendanceQuery,
} from '@/lib/schemas/registrations';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { correctAttendance, readSessionAttendance } from '@/server/services/registrations/attendance-credits';

export const GET = endpoint({
  summary: 'A session’s attendance: the confirmed registrations it admits, by number, 50 a page',
  description:
    'Each with its check-in and check-out of the session and what the ledger holds from it (points, posted or ' +
    'refused with the share attended); the session says whether its credits have posted. -6 for an unknown session.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['events', 'admin'],
  query: sessionAttendanceQuery,
  response: sessionAttendanceList,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA],
  handle: ({ actor, query, locale }) => readSessionAttendance(actor, query, locale),
});

export const POST = endpoint({
  summary: 'Correct a person’s attendance of an event’s session (add or remove it)',
  description:
    'Present: the registration is recorded checked in for the session (and out, where the session asks for it) ' +
    'for its whole time, where no scan says otherwise; absent: its scans of the session are removed. Audited ' +
    '(`attendance.added`, `attendance.removed`, with the scans before and after). A session whose credits have ' +
    'posted already posts again in the same transaction: a removed attendee’s entry is withdrawn, an added one’s ' +
    'posted, and the certificates of attendance follow. -6 for an unknown session or a registration of another ' +
    'event; -10 `registrationNotConfirmed` for a registration that is not confirmed, `sessionNotAdmitted` for one ' +
    'whose ticket type the session does not admit.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['events', 'admin'],
  body: attendanceCorrectionBody,
  response: attendanceCorrectionResponse,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA, ErrorCode.DATA_CHECK],
  handle: async ({ actor, body, clientIp }) => correctAttendance(actor, body, await clientIp()),
});
export const ALL = methodNotAllowed;
