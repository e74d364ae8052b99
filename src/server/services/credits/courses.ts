/**
 * Organisations' course applications (issue 11): a course for accreditation toward a
 * certification, checked against its rules (deadlines, sessions, categories), reviewed on the
 * `contiEdu` queue, approved with a code and points per session, and accredited once its review
 * fee is paid (or at once when free). An application of type `course` whose applicant is the
 * organisation (decision record 012): the state machine, history, documents, review and payment
 * are the applications' own.
 */
import { eq } from 'drizzle-orm';
import {
  accreditationFee,
  type ApplicationTiming,
  applicationTiming,
  maxSessionTenths,
  sessionMinutes,
  sessionProblems,
} from '../../../lib/credits/accreditation';
import { type CreditClass, type CreditTopic, pointsOf, toTenths } from '../../../lib/credits/rules';
import { addDays, taipeiDate } from '../../../lib/calendar-date';
import { ErrorCode } from '../../../lib/error-codes';
import { type I18nText, pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { COURSE_DOCUMENT_KEYS } from '../../../lib/schemas/credits';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { applications, courseSessions, courses, type RequiredDocument } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { isApplicant } from '../applicants';
import { type ApplicationEffects, type ApplicationRow, stateChanged } from '../membership/applications';
import {
  type ApplicationRead,
  applicationDetailSql,
  applicationOfRow,
  applicationRecord,
  summaryColumns,
  summaryColumnsOfRow,
} from '../membership/read-applications';
import { listMemberClasses } from '../membership/rules';
import { COURSE_ATTENDANCE_COLUMN, courseAttendanceOf } from './attendance';
import { type CertificationKind, getPublishedKind, listCertificationKinds, sessionCreditsView } from './certifications';
import { type CreditApplicationKind, sendCreditApplication } from './credit-applications';

const t = (zh: string, en: string): I18nText => ({ 'zh-tw': zh, 'en-us': en });

/** What a course application takes: the agenda and the speakers' CVs, and anything else. */
export const COURSE_DOCUMENTS: RequiredDocument[] = COURSE_DOCUMENT_KEYS.map((key) => ({
  key,
  name: {
    agenda: t('課程議程表', 'Agenda'),
    speakersCv: t('講師簡歷', 'Speakers’ CVs'),
    other: t('其他附件', 'Other documents'),
  }[key],
  required: key !== 'other',
}));

/** A session as stored with the application: times in Taipei minutes, points in tenths. */
export interface CourseSessionForm {
  title: string;
  speaker: string;
  day: string;
  startMinute: number;
  endMinute: number;
  category: string;
  creditClass: CreditClass;
  topics: CreditTopic[];
  /** Tenths asked for. */
  points: number;
  /** Tenths granted by the reviewer (set with the approval). */
  grantedPoints?: number;
}

/** A course application's form: the course as the organisation sent it, and the reviewer's grant. */
export interface CourseForm {
  kindId: number;
  title: string;
  place: string;
  audience: string;
  open: boolean;
  firstDay: string;
  lastDay: string;
  timing: ApplicationTiming;
  daysAhead: number;
  reviewFee: number;
  urgentFee: number;
  sessions: CourseSessionForm[];
  /** Set with the approval. */
  courseCode?: string;
  score?: number;
}

export interface CourseSessionInput {
  title: string;
  speaker: string;
  day: string;
  start: string;
  end: string;
  category: string;
  creditClass: CreditClass;
  /** Keys of the certification's topics. */
  topics: string[];
  points: number;
}

export interface CourseInput {
  title: string;
  place: string;
  audience: string;
  open: boolean;
  sessions: CourseSessionInput[];
  documents: { key: string; fileId: number }[];
}

const minuteOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

function organisation(actor: Actor) {
  if (actor.account.userType !== 'organ') throw new AppError(ErrorCode.NO_PERMISSION);
}

/**
 * The course checked against its certification's rules on `today`: categories and topics that exist,
 * sessions that make sense and ask for no more than their length allows, and a first day far
 * enough ahead (urgent with its fee inside the shorter window; refused inside the last days).
 * Answers the form to store; -10 with the fields and the reason otherwise.
 */
export function courseForm(
  kind: Pick<CertificationKind, 'id' | 'rules'>,
  input: Omit<CourseInput, 'documents'>,
  today = taipeiDate(),
) {
  const rules = kind.rules.accreditation;
  const sessions: CourseSessionForm[] = input.sessions.map((s) => ({
    title: s.title,
    speaker: s.speaker,
    day: s.day,
    startMinute: minuteOf(s.start),
    endMinute: minuteOf(s.end),
    category: s.category,
    creditClass: s.creditClass,
    topics: [...new Set(s.topics)],
    points: toTenths(s.points),
  }));
  const fields: string[] = [];
  const topics = new Set(kind.rules.topics.map((topic) => topic.key));
  sessions.forEach((s, i) => {
    if (!kind.rules.categories.some((c) => c.key === s.category)) fields.push(`sessions.${i}.category`);
    if (s.topics.some((topic) => !topics.has(topic))) fields.push(`sessions.${i}.topics`);
  });
  const days = sessions.map((s) => s.day).sort();
  const firstDay = days[0]!;
  const lastDay = days[days.length - 1]!;
  const problems = sessionProblems(
    rules,
    { firstDay, lastDay },
    sessions.map((s) => ({ ...s, tenths: s.points })),
  );
  for (const problem of problems)
    fields.push(
      `sessions.${problem.index}.${problem.problem === 'tooManyPoints' ? 'points' : problem.problem === 'outsideCourse' ? 'day' : 'end'}`,
    );
  // Points above what a session's length allows are told with the rule, on the sessions' points fields.
  if (fields.length > 0 && problems.length === fields.length && problems.every((p) => p.problem === 'tooManyPoints'))
    throw new AppError(
      ErrorCode.DATA_CHECK,
      { fields: [...new Set(fields)] },
      { key: 'courseSessionTooManyPoints', values: { perHour: rules.maxPointsPerHour } },
    );
  if (fields.length > 0)
    throw new AppError(ErrorCode.DATA_CHECK, { fields: [...new Set(fields)] }, { key: 'courseSessionsInvalid' });
  const { timing, daysAhead } = applicationTiming(rules, firstDay, today);
  if (timing === 'tooLate')
    throw new AppError(
      ErrorCode.DATA_CHECK,
      { fields: ['sessions'], reason: 'courseTooLate' },
      { key: 'courseTooLate', values: { days: rules.urgentDays } },
    );
  const fee = accreditationFee(rules, timing);
  const form: CourseForm = {
    kindId: kind.id,
    title: input.title,
    place: input.place,
    audience: input.audience,
    open: input.open,
    firstDay,
    lastDay,
    timing,
    daysAhead,
    reviewFee: fee.reviewFee,
    urgentFee: fee.urgentFee,
    sessions,
  };
  return { form, amount: fee.total };
}

/** A course approved, and once paid (or free) accredited: members see it and it takes attendance. */
export const COURSE_EFFECTS: ApplicationEffects = {
  orderItems(app) {
    const form = app.form as unknown as CourseForm;
    return [
      {
        kind: 'courseReviewFee',
        description: t('課程認證審查費', 'Course accreditation review fee'),
        amount: form.reviewFee,
      },
      ...(form.urgentFee > 0
        ? [{ kind: 'courseUrgentFee', description: t('急件處理費', 'Urgent review fee'), amount: form.urgentFee }]
        : []),
    ].filter((item) => item.amount > 0);
  },
  async takeEffect(tx, app) {
    await tx.update(courses).set({ status: 'accredited' }).where(eq(courses.applicationId, app.id));
  },
};

/** A course as a credit application: its type, documents and effects. */
const COURSE: CreditApplicationKind = { type: 'course', documents: COURSE_DOCUMENTS, effects: COURSE_EFFECTS };

/** Sends a course for accreditation: checked, with its documents, onto the course reviewers' queue. */
export async function submitCourse(
  actor: Actor,
  input: CourseInput & { certificationId: number },
  locale: Locale,
): Promise<ApplicationRow> {
  organisation(actor);
  const kind = await getPublishedKind(input.certificationId);
  if (!kind) throw new AppError(ErrorCode.NO_DATA);
  const { form, amount } = courseForm(kind, input);
  return sendCreditApplication(actor, COURSE, null, { form, amount, locale, documents: input.documents });
}

/** One of the organisation's own course applications, or -6 (another's, or not a course, as an unknown one). */
async function ownCourse(executor: Executor, actor: Actor, applicationId: number): Promise<ApplicationRow> {
  const [app] = await executor.select().from(applications).where(eq(applications.id, applicationId));
  if (!app || app.type !== 'course' || !isApplicant(actor, app)) throw new AppError(ErrorCode.NO_DATA);
  return app;
}

/** A course application returned for changes, changed and sent again: checked as a new one, on the queue again. */
export async function resubmitCourse(
  actor: Actor,
  input: CourseInput & { applicationId: number },
  locale: Locale,
): Promise<ApplicationRow> {
  organisation(actor);
  const { db } = (await runtime()).database;
  const app = await ownCourse(db, actor, input.applicationId);
  if (app.state !== 'returned') throw stateChanged();
  const kind = await getPublishedKind((app.form as unknown as CourseForm).kindId);
  if (!kind) throw new AppError(ErrorCode.NO_DATA);
  const { form, amount } = courseForm(kind, input);
  return sendCreditApplication(actor, COURSE, app, { form, amount, locale, documents: input.documents });
}

function summaryOf(
  app: Pick<ApplicationRow, 'id' | 'number' | 'state' | 'form' | 'amount' | 'submittedAt' | 'updatedAt'>,
  kinds: CertificationKind[],
  locale: Locale,
) {
  const form = app.form as unknown as CourseForm;
  const kind = kinds.find((k) => k.id === form.kindId);
  return {
    applicationId: app.id,
    type: 'course' as const,
    number: app.number,
    state: app.state,
    certificationId: form.kindId,
    certificationName: kind ? pickText(kind.name, locale) : '',
    title: form.title,
    firstDay: form.firstDay,
    lastDay: form.lastDay,
    timing: form.timing,
    amount: app.amount,
    pointsAsked: pointsOf(form.sessions.reduce((sum, s) => sum + s.points, 0)),
    pointsGranted:
      form.courseCode === undefined
        ? null
        : pointsOf(form.sessions.reduce((sum, s) => sum + (s.grantedPoints ?? 0), 0)),
    courseCode: form.courseCode ?? null,
    submittedAt: app.submittedAt?.toISOString() ?? null,
    updatedAt: app.updatedAt.toISOString(),
  };
}

export type CourseSummary = ReturnType<typeof summaryOf>;

/** The columns of an organisation's course applications their list shows, for one certification or all. */
const OWN_COURSES = `
  SELECT id, number, state, form, amount, submitted_at, updated_at FROM applications
  WHERE organisation_id = $1 AND type = 'course' AND ($2::int IS NULL OR (form ->> 'kindId')::int = $2::int)
  ORDER BY id DESC`;

/** The organisation's course applications, newest first; for one certification when given (one prepared statement). */
export async function listOwnCourses(actor: Actor, locale: Locale, certificationId?: number): Promise<CourseSummary[]> {
  organisation(actor);
  const [rows, kinds] = await Promise.all([
    (await runtime()).database.prepared('own_courses', OWN_COURSES, [actor.accountId, certificationId ?? null]),
    listCertificationKinds(),
  ]);
  return rows.map((row) => summaryOf(summaryColumnsOfRow(row), kinds, locale));
}

const clockOf = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** A course application with its course's attendance beside it (one prepared statement). */
const COURSE_DETAIL = applicationDetailSql('p.id = $1', [COURSE_ATTENDANCE_COLUMN]);

/**
 * A course application with its sessions, documents, history, order and (once approved) its
 * attendance, as its organisation or a reviewer reads it; null when there is none.
 */
export async function readCourse(applicationId: number, locale: Locale) {
  const [[row], kinds, classes] = await Promise.all([
    (await runtime()).database.prepared('course_detail', COURSE_DETAIL, [applicationId]),
    listCertificationKinds(),
    listMemberClasses(),
  ]);
  return row ? courseOf(applicationOfRow(row, classes, locale), row.attendance, kinds, locale) : null;
}

/** The course out of an application as read and its `COURSE_ATTENDANCE_COLUMN`; null for any other application. */
export function courseOf(
  found: ApplicationRead,
  attendanceColumn: unknown,
  kinds: CertificationKind[],
  locale: Locale,
) {
  if (!found.organisation || found.organisationId === null || found.detail.type !== 'course') return null;
  const d = found.detail;
  const form = d.form as unknown as CourseForm;
  const attendance = courseAttendanceOf(attendanceColumn, kinds);
  const kind = kinds.find((k) => k.id === form.kindId);
  const credits = sessionCreditsView(kind, locale);
  const documentName = new Map(COURSE_DOCUMENTS.map((doc) => [doc.key, pickText(doc.name, locale)]));
  return {
    organisationId: found.organisationId,
    organisation: found.organisation,
    course: {
      ...summaryOf(summaryColumns(d), kinds, locale),
      place: form.place,
      audience: form.audience,
      open: form.open,
      daysAhead: form.daysAhead,
      reviewFee: form.reviewFee,
      urgentFee: form.urgentFee,
      score: form.score ?? null,
      sessions: form.sessions.map((s) => ({
        title: s.title,
        speaker: s.speaker,
        day: s.day,
        start: clockOf(s.startMinute),
        end: clockOf(s.endMinute),
        category: s.category,
        ...credits(s),
        maxPoints: kind ? pointsOf(maxSessionTenths(kind.rules.accreditation, sessionMinutes(s))) : null,
        grantedPoints: s.grantedPoints === undefined ? null : pointsOf(s.grantedPoints),
      })),
      attendance,
      ...applicationRecord(d, (key) => documentName.get(key)),
    },
  };
}

export type CourseView = NonNullable<Awaited<ReturnType<typeof readCourse>>>['course'];

/** One of the signed-in organisation's course applications; another's answers -6, as an unknown one does. */
export async function getOwnCourse(actor: Actor, applicationId: number, locale: Locale): Promise<CourseView> {
  organisation(actor);
  const found = await readCourse(applicationId, locale);
  if (!found || found.organisationId !== actor.accountId) throw new AppError(ErrorCode.NO_DATA);
  return found.course;
}

/**
 * The reviewer's grant checked against the application: a score, a code, and points for every
 * session, each at most what was asked for (the rules already capped the asking by length), to
 * one decimal, and some points in all. Answers the form to store with the approval.
 */
export function courseApproval(
  app: ApplicationRow,
  input: { sessionPoints?: number[] | undefined; courseCode?: string | undefined; score?: number | undefined },
): CourseForm {
  const form = app.form as unknown as CourseForm;
  const fields: string[] = [];
  if (input.score === undefined) fields.push('score');
  if (input.courseCode === undefined) fields.push('courseCode');
  const granted = input.sessionPoints ?? [];
  if (granted.length !== form.sessions.length) fields.push('sessionPoints');
  if (fields.length > 0) throw new AppError(ErrorCode.KEY_MISSING, { fields }, { key: 'courseApprovalIncomplete' });
  const tenths = granted.map((p) => toTenths(p));
  const wrong = tenths
    .map((g, i) => (g > form.sessions[i]!.points || Math.abs(granted[i]! * 10 - g) > 1e-9 ? i : -1))
    .filter((i) => i >= 0);
  if (wrong.length > 0 || tenths.every((g) => g === 0))
    throw new AppError(
      ErrorCode.DATA_CHECK,
      { fields: wrong.length > 0 ? wrong.map((i) => `sessionPoints.${i}`) : ['sessionPoints'] },
      { key: 'courseGrantInvalid' },
    );
  return {
    ...form,
    courseCode: input.courseCode!,
    score: input.score!,
    sessions: form.sessions.map((s, i) => ({ ...s, grantedPoints: tenths[i]! })),
  };
}

/**
 * The code proposed to a course's reviewer: the society's pattern, `CE-{year of the first day}-{four
 * digits}`, numbered after the highest of that year's codes in use. The reviewer may change it;
 * `recordApprovedCourse` still refuses a code another course has. The number is read with the
 * review item's own statement (`NEXT_COURSE_NUMBER_COLUMN`, over the application row `p`).
 */
export const NEXT_COURSE_NUMBER_COLUMN = `(SELECT coalesce(max(substring(c.code FROM '^CE-[0-9]{4}-([0-9]{1,6})$')::int), 0) + 1
    FROM courses c WHERE c.code LIKE 'CE-' || left(p.form->>'firstDay', 4) || '-%') AS next_course_number`;

export function proposedCourseCode(firstDay: string, nextNumber: unknown): string {
  return `CE-${firstDay.slice(0, 4)}-${String(Number(nextNumber ?? 1)).padStart(4, '0')}`;
}

/**
 * Records the approved course with its code and sessions (in the approval's transaction), `approved`
 * until its fee is paid. A code another course has answers -13 and nothing of the approval stays.
 */
export async function recordApprovedCourse(tx: Executor, app: ApplicationRow): Promise<void> {
  const form = app.form as unknown as CourseForm;
  try {
    const [course] = await tx
      .insert(courses)
      .values({
        applicationId: app.id,
        organisationId: app.organisationId!,
        kindId: form.kindId,
        code: form.courseCode!,
        title: form.title,
        place: form.place,
        firstDay: form.firstDay,
        lastDay: form.lastDay,
        open: form.open,
      })
      .returning({ id: courses.id });
    await tx.insert(courseSessions).values(
      form.sessions.map((s, position) => ({
        courseId: course!.id,
        position,
        title: s.title,
        speaker: s.speaker,
        day: s.day,
        startMinute: s.startMinute,
        endMinute: s.endMinute,
        category: s.category,
        creditClass: s.creditClass,
        topics: s.topics,
        points: s.grantedPoints ?? 0,
      })),
    );
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError(ErrorCode.DUPLICATE, { fields: ['courseCode'] }, { key: 'courseCodeTaken' });
    throw error;
  }
}

/**
 * What an application sent `today` costs by its first day, out of the rules `courseForm` bills by:
 * a first day on or after `onTimeFrom` pays `onTime`; from `urgentFrom` up to the day before
 * `onTimeFrom` it is urgent and pays `urgent` (the review fee and the urgent fee); before
 * `urgentFrom` it is refused. The form shows it as the course's days are chosen.
 */
export function courseFeeSchedule(kind: Pick<CertificationKind, 'rules'>, today = taipeiDate()) {
  const rules = kind.rules.accreditation;
  return {
    onTimeFrom: addDays(today, rules.leadDays),
    urgentFrom: addDays(today, rules.urgentDays),
    urgentUntil: addDays(today, rules.leadDays - 1),
    leadDays: rules.leadDays,
    urgentDays: rules.urgentDays,
    onTime: accreditationFee(rules, 'onTime'),
    urgent: accreditationFee(rules, 'urgent'),
  };
}
export type CourseFeeSchedule = ReturnType<typeof courseFeeSchedule>;

/** What the course form offers for a certification: its categories and topics, the documents to send and its fees. */
export function courseFormOptions(kind: Pick<CertificationKind, 'id' | 'rules'>, locale: Locale, today = taipeiDate()) {
  return {
    certification: {
      id: kind.id,
      categories: kind.rules.categories.map((c) => ({ key: c.key, name: pickText(c.name, locale) })),
      topics: kind.rules.topics.map((topic) => ({ key: topic.key, name: pickText(topic.name, locale) })),
      maxPointsPerHour: kind.rules.accreditation.maxPointsPerHour,
    },
    documents: COURSE_DOCUMENTS.map((d) => ({ key: d.key, name: pickText(d.name, locale), required: d.required })),
    fees: courseFeeSchedule(kind, today),
  };
}
