/**
 * An accredited course's attendance (issue 11): the organisation uploads the roster (CSV or Excel)
 * with the sheet the attendees signed, inside the certification's window after the course; each
 * line is matched to an account by its national ID (the keyed hash) together with the name
 * written beside it (the account's Chinese or English name), and what each attendee earned in each
 * session (pro-rated or refused by the rule for partial attendance) is posted to their ledger once.
 * A roster uploaded again posts only what changed: entries that differ give way (`replaced`) to the
 * new ones, entries of people no longer on it are withdrawn. Lines that give nothing come back
 * with their reason in the roster's report; a line that matches no account says only that
 * (`notMatched`), never why, so a roster cannot be used to learn who has an account. A course's
 * roster is taken at most `ROSTERS_PER_COURSE` times an hour.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { pickText } from '../../../lib/i18n-text';
import { isLocale, type Locale } from '../../../lib/locales';
import { localePath } from '../../../lib/paths';
import { enqueueMails } from '../../integrations/mail/outbox';
import { coursePointsNotice } from '../../integrations/mail/templates';
import { type MailSite, mailSite } from '../mail/mail-site';
import { type CalendarDate, taipeiDate } from '../../../lib/calendar-date';
import {
  attendanceOf,
  attendedShare,
  type PresentSpan,
  type RosterReport,
  type RosterWindow,
  rosterWindow,
  spansOverlap,
} from '../../../lib/credits/accreditation';
import { pointsOf } from '../../../lib/credits/rules';
import { ErrorCode } from '../../../lib/error-codes';
import { personName, sameName } from '../../../lib/validators/name';
import { maskPersonId, normalizePersonId, personIdKind } from '../../../lib/validators/tw-id';
import { consumeLimit, type LimitRule } from '../../auth/rate-limits';
import { keyedHash } from '../../auth/secrets';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import { accounts, courseRosters, courseSessions, courses } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { applicantFrom } from '../applicants';
import { readOwnUpload } from '../files/uploads';
import { type CertificationKind, listCertificationKinds } from './certifications';
import { entryOf, postAttendanceEntries, type WantedEntry } from './post-entries';
import { type RosterLine, type RosterProblem, readRosterFile, RosterFileError } from './roster-file';
import { recipientsOf } from '../mail/recipients';

type CourseRow = typeof courses.$inferSelect;
type SessionRow = typeof courseSessions.$inferSelect;

/**
 * How often one course's roster is taken: enough to correct it several times, too few to try
 * national IDs and names against the accounts (-11 with the seconds to wait).
 */
export const ROSTERS_PER_COURSE: LimitRule = { name: 'rosterCourse', points: 10, durationSeconds: 60 * 60 };

/**
 * An identifier as it is kept and shown back: a national or resident ID masked, and so is anything
 * shaped like one (a mistyped ID is still someone's); anything else as written.
 */
function shownIdentifier(raw: string): string {
  const id = normalizePersonId(raw);
  return personIdKind(id) !== null || /^[A-Z][0-9A-D]\d{8}$/.test(id) ? maskPersonId(id) : raw;
}

/** What one attendee earns in one session, as it should stand in the ledger (the session's id its source). */
type SessionEntry = WantedEntry & { session: SessionRow };

/**
 * The accounts the roster's lines name, in one statement: national IDs by their keyed hash, each
 * line then matched only when its name is the account's Chinese or English name (`sameName`).
 * Answers a map from each matched line to its account.
 */
async function matchLines(executor: Executor, lines: RosterLine[]): Promise<Map<RosterLine, number>> {
  const { secrets } = await runtime();
  const hashOf = new Map<string, string>();
  for (const l of lines)
    if (!hashOf.has(l.identifier.value))
      hashOf.set(l.identifier.value, keyedHash(secrets.personIdHashKey, l.identifier.value));
  const hashes = [...new Set(hashOf.values())];
  const rows =
    hashes.length === 0
      ? []
      : await executor
          .select({
            accountId: accounts.id,
            personIdHash: accounts.personIdHash,
            nameZh: accounts.nameZh,
            nameEn: accounts.nameEn,
          })
          .from(accounts)
          .where(inArray(accounts.personIdHash, hashes));
  const byHash = new Map(rows.map((r) => [r.personIdHash, r]));
  const matched = new Map<RosterLine, number>();
  for (const l of lines) {
    const account = byHash.get(hashOf.get(l.identifier.value)!);
    if (account && sameName(l.name, [account.nameZh, account.nameEn])) matched.set(l, account.accountId);
  }
  return matched;
}

/**
 * What the roster's lines earn: each attendee's spans (a line signing out after `now`, present at
 * no session, matching no account, or overlapping another line of the same person comes back as a
 * problem) and, per session with points, the entry each attendee should have. What the line itself
 * says is judged before the accounts are, so a line's reason tells nothing of whether it matched.
 */
function attendance(
  rules: Parameters<typeof attendanceOf>[0],
  sessions: SessionRow[],
  lines: RosterLine[],
  matched: Map<RosterLine, number>,
  now: Date,
) {
  const problems: RosterProblem[] = [];
  const spans = new Map<number, PresentSpan[]>();
  for (const l of lines) {
    const accountId = matched.get(l);
    const identifier = l.identifier.value;
    if (l.signOut.getTime() > now.getTime()) problems.push({ line: l.line, identifier, reason: 'badTime' });
    else if (sessions.every((s) => attendedShare(s, l.signIn, l.signOut) === 0))
      problems.push({ line: l.line, identifier, reason: 'noSession' });
    else if (accountId === undefined) problems.push({ line: l.line, identifier, reason: 'notMatched' });
    else if ((spans.get(accountId) ?? []).some((span) => spansOverlap(span, l)))
      problems.push({ line: l.line, identifier, reason: 'duplicate' });
    else spans.set(accountId, [...(spans.get(accountId) ?? []), { signIn: l.signIn, signOut: l.signOut }]);
  }
  const withPoints = sessions.filter((s) => s.points > 0);
  const wanted: SessionEntry[] = [];
  for (const [accountId, present] of spans) {
    const outcomes = attendanceOf(
      rules,
      withPoints.map((s) => ({ ...s, tenths: s.points })),
      present,
    );
    outcomes.forEach((o, i) => {
      const session = withPoints[i]!;
      const entry = entryOf(o, session.points, accountId, session.id);
      if (entry) wanted.push({ ...entry, session });
    });
  }
  // Those who earned points in some session (not those refused everywhere).
  const attendees = new Set(wanted.filter((w) => w.status === 'posted').map((w) => w.accountId)).size;
  return { problems, attendees, wanted };
}

/** The course of one of the organisation's applications, or -6 (another's, or not approved, as an unknown one). */
async function ownCourse(executor: Executor, actor: Actor, applicationId: number): Promise<CourseRow> {
  const [course] = await executor.select().from(courses).where(eq(courses.applicationId, applicationId));
  if (!course || course.organisationId !== actor.accountId) throw new AppError(ErrorCode.NO_DATA);
  return course;
}

function rosterFileError(error: RosterFileError): AppError {
  const key = `roster${error.reason[0]!.toUpperCase()}${error.reason.slice(1)}`;
  return new AppError(ErrorCode.DATA_CHECK, { fields: ['rosterFileId'], reason: key }, { key });
}

/** An upload of the organisation's for `purpose`, or -10 naming `field` (not theirs, not for that, or gone). */
async function ownFile(executor: Executor, actor: Actor, purpose: 'roster' | 'signedSheet', fileId: number) {
  const found = await readOwnUpload(executor, applicantFrom(actor), purpose, fileId);
  if (!found) throw new AppError(ErrorCode.DATA_CHECK, { fields: [`${purpose}FileId`] }, { key: 'documentsNotYours' });
  return found;
}

/**
 * Takes an accredited course's roster and signed sheet (uploaded first, `roster` and
 * `signedSheet`) from its organisation inside the window, and posts what it earns; answers the
 * roster's report. Nothing changes when a step fails: a file that is not a roster (-10 with the
 * reason), files not the organisation's (-10), a course not yet accredited or outside the window
 * (-10), another organisation's or an unknown course (-6), the course's eleventh roster within the
 * hour (-11 with the seconds to wait).
 */
export async function uploadRoster(
  actor: Actor,
  input: { applicationId: number; rosterFileId: number; signedSheetFileId: number },
  now = new Date(),
): Promise<RosterReport> {
  if (actor.account.userType !== 'organ') throw new AppError(ErrorCode.NO_PERMISSION);
  const { db } = (await runtime()).database;
  const course = await ownCourse(db, actor, input.applicationId);
  if (course.status !== 'accredited')
    throw new AppError(ErrorCode.DATA_CHECK, { reason: 'courseNotAccredited' }, { key: 'courseNotAccredited' });
  const kind = (await listCertificationKinds()).find((k) => k.id === course.kindId);
  if (!kind) throw new AppError(ErrorCode.NO_DATA);
  const window = rosterWindow(kind.rules.accreditation, course.lastDay, taipeiDate(now));
  if (window.state !== 'open')
    throw new AppError(
      ErrorCode.DATA_CHECK,
      { reason: window.state === 'notYet' ? 'rosterNotYet' : 'rosterClosed' },
      {
        key: window.state === 'notYet' ? 'rosterNotYet' : 'rosterClosed',
        values: { date: window.state === 'notYet' ? window.opensOn : window.closesOn },
      },
    );
  const roster = await ownFile(db, actor, 'roster', input.rosterFileId);
  const sheet = await ownFile(db, actor, 'signedSheet', input.signedSheetFileId);
  // Every roster read counts, whether it posts anything or not.
  await consumeLimit(ROSTERS_PER_COURSE, String(course.id));
  const sessions = await db
    .select()
    .from(courseSessions)
    .where(eq(courseSessions.courseId, course.id))
    .orderBy(courseSessions.position);
  const days = [...new Set(sessions.map((s) => s.day))].sort();
  const read = await readRosterFile(roster.bytes, roster.file.contentType === 'text/csv' ? 'csv' : 'xlsx', days).catch(
    (error: unknown) => {
      throw error instanceof RosterFileError ? rosterFileError(error) : error;
    },
  );
  const matched = await matchLines(db, read.lines);
  const { problems, attendees, wanted } = attendance(kind.rules, sessions, read.lines, matched, now);
  // Who held the course, as the attendees' ledgers name it.
  const provider = actor.account.name;
  const site = await mailSite();

  return db.transaction(async (tx) => {
    // One roster of a course at a time: a second upload (a double click) waits and then finds
    // this one's entries in place, so it posts nothing twice.
    await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, course.id)).for('update');
    const {
      posted: toPost,
      unchanged,
      withdrawn,
    } = await postAttendanceEntries(
      tx,
      'course',
      sessions.map((s) => s.id),
      wanted,
      (w) => ({
        kindId: course.kindId,
        creditClass: w.session.creditClass,
        category: w.session.category,
        method: 'course',
        topics: w.session.topics,
        title: { 'zh-tw': `${course.title}：${w.session.title}`, 'en-us': `${course.title}: ${w.session.title}` },
        provider,
        earnedOn: w.session.day,
      }),
    );
    await mailPostedPoints(
      tx,
      { site, course, kind, provider },
      toPost.filter((w) => w.status === 'posted'),
    );
    const report: RosterReport = {
      roster: { fileId: roster.file.fileId, name: roster.file.name },
      signedSheet: { fileId: sheet.file.fileId, name: sheet.file.name },
      lineCount: read.lines.length + read.problems.length,
      attendees,
      sessions: sessions
        .filter((s) => s.points > 0)
        .map((s) => {
          const of = (status: 'full' | 'partial' | 'refused') =>
            wanted.filter(
              (w) =>
                w.session.id === s.id &&
                (status === 'refused'
                  ? w.status === 'refused'
                  : w.status === 'posted' && (w.points === s.points) === (status === 'full')),
            ).length;
          return {
            position: s.position,
            title: s.title,
            full: of('full'),
            partial: of('partial'),
            refused: of('refused'),
          };
        }),
      entries: { posted: toPost.length, unchanged, withdrawn },
      problems: [...read.problems, ...problems]
        .sort((a, b) => a.line - b.line)
        .map((p) => ({ line: p.line, identifier: shownIdentifier(p.identifier), reason: p.reason })),
    };
    await tx
      .update(courseRosters)
      .set({ status: 'replaced' })
      .where(and(eq(courseRosters.courseId, course.id), eq(courseRosters.status, 'current')));
    await tx
      .insert(courseRosters)
      .values({ courseId: course.id, fileId: roster.file.fileId, signedSheetFileId: sheet.file.fileId, report });
    return report;
  });
}

/**
 * Tells each attendee whose points a roster posted (or posted anew, after a correction) what landed
 * on their ledger, in their language, with a link to their certificate page from the configured
 * origin; in the roster's transaction, so a mail exists exactly when its entries do. Entries the
 * roster left as they were, and refused ones, send nothing.
 */
async function mailPostedPoints(
  tx: Executor,
  about: { site: MailSite; course: CourseRow; kind: CertificationKind; provider: string },
  posted: SessionEntry[],
): Promise<void> {
  const byAttendee = new Map<number, SessionEntry[]>();
  for (const w of posted) byAttendee.set(w.accountId, [...(byAttendee.get(w.accountId) ?? []), w]);
  const ids = [...byAttendee.keys()];
  const people = await recipientsOf(tx, ids);
  const { site, course, kind, provider } = about;
  const messages = people.map((person) => {
    const locale: Locale = isLocale(person.preferredLocale) ? person.preferredLocale : 'zh-tw';
    const mail = coursePointsNotice({
      siteName: site.siteName[locale],
      locale,
      name: personName(person, locale),
      course: course.title,
      courseCode: course.code,
      provider,
      certification: pickText(kind.name, locale),
      sessions: byAttendee.get(person.id)!.map((w) => ({
        title: w.session.title,
        day: w.session.day,
        points: pointsOf(w.points),
        share: w.note === '' ? null : Number.parseInt(w.note, 10),
      })),
      url: site.origin + localePath(`/member/certification/${kind.id}`, locale),
    });
    return { to: person.email, ...mail, locale };
  });
  await enqueueMails(tx, messages, {
    kind: 'credits.coursePoints',
    eraseAfter: new Date(Date.now() + 30 * 86_400_000),
  });
}

/** A course's attendance as its organisation (or a reviewer) reads it: the window and every roster, newest first. */
export interface CourseAttendance {
  courseStatus: CourseRow['status'];
  window: RosterWindow;
  rosters: { rosterId: number; status: 'current' | 'replaced'; uploadedAt: string; report: RosterReport }[];
}

/**
 * The course the application `p` became and its rosters, newest first, as a column of an
 * application's detail (`applicationDetailSql`; JSON arrays: cheaper to build than objects).
 */
export const COURSE_ATTENDANCE_COLUMN = `(SELECT json_build_array(c.status, c.kind_id, c.last_day,
      (SELECT json_agg(json_build_array(r.id, r.status, r.uploaded_at, r.report) ORDER BY r.uploaded_at DESC, r.id DESC)
       FROM course_rosters r WHERE r.course_id = c.id))
    FROM courses c WHERE c.application_id = p.id) AS attendance`;

type RosterTuple = [number, 'current' | 'replaced', string, RosterReport];
type AttendanceTuple = [CourseRow['status'], number, CalendarDate, RosterTuple[] | null];

/** The attendance out of a `COURSE_ATTENDANCE_COLUMN` (null before the course is approved). */
export function courseAttendanceOf(column: unknown, kinds: CertificationKind[]): CourseAttendance | null {
  const [status, kindId, lastDay, rosters] = (column ?? []) as Partial<AttendanceTuple>;
  const kind = kinds.find((k) => k.id === kindId);
  if (!status || !kind) return null;
  return {
    courseStatus: status,
    window: rosterWindow(kind.rules.accreditation, lastDay!, taipeiDate()),
    rosters: (rosters ?? []).map(([rosterId, rosterStatus, uploadedAt, report]) => ({
      rosterId,
      status: rosterStatus,
      uploadedAt: new Date(uploadedAt).toISOString(),
      report,
    })),
  };
}
