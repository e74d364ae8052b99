import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { RosterReport } from '../../../lib/credits/accreditation';
import type { CreditClass, CreditMethod, CreditRuleSet, CreditTopic, EntryStatus } from '../../../lib/credits/rules';
import type { I18nText } from '../../../lib/i18n-text';
import { createdAt, refId, updatedAt } from './columns';
import { accounts, organisations } from './accounts';
import { files } from './files';
import { applications } from './membership';

/**
 * A certification members keep by continuing education (a practice licence, a specialist
 * certificate), with the rules a society edits as data (`CreditRuleSet`).
 */
export const certificationKinds = pgTable('certification_kinds', {
  id: serial('id').primaryKey(),
  /** Short stable name (`licence`, `specialist`). */
  code: text('code').notNull().unique(),
  name: jsonb('name').$type<I18nText>().notNull(),
  /** Who issues the certificate (the ministry, the society). */
  issuer: jsonb('issuer').$type<I18nText>().notNull(),
  /** How credits work for this certification, for visitors and members (paragraphs). */
  description: jsonb('description').$type<I18nText>().notNull(),
  rules: jsonb('rules').$type<CreditRuleSet>().notNull(),
  /** Shown to the public from this moment; null: only through a preview link. */
  publishedAt: timestamp('published_at', { withTimezone: true }),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A member's certificate of a kind: its number and period (a renewal is a new row). */
export const memberCertificates = pgTable(
  'member_certificates',
  {
    id: serial('id').primaryKey(),
    accountId: refId('account_id', () => accounts.id),
    kindId: refId('kind_id', () => certificationKinds.id),
    number: text('number').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('member_certificates_number_idx').on(t.kindId, t.number),
    index('member_certificates_account_idx').on(t.accountId, t.kindId, t.endsOn),
  ],
);

export const CREDIT_SOURCES = ['course', 'claim', 'society', 'event'] as const;
export type CreditSource = (typeof CREDIT_SOURCES)[number];

/**
 * A member's credit ledger: every point earned toward a certification kind, where it came from
 * (an accredited course's attendance, a reviewed claim, the society's own record, the attendance of
 * a session of one of the society's events) and whether it
 * stands. Points are tenths. A source posts to a member at most once while it stands.
 */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: serial('id').primaryKey(),
    accountId: refId('account_id', () => accounts.id),
    kindId: refId('kind_id', () => certificationKinds.id),
    points: integer('points').notNull(),
    creditClass: text('credit_class').$type<CreditClass>().notNull(),
    category: text('category').notNull(),
    method: text('method').$type<CreditMethod>().notNull(),
    topics: jsonb('topics').$type<CreditTopic[]>().notNull().default([]),
    title: jsonb('title').$type<I18nText>().notNull(),
    /** Who held the course, or where the claimed activity took place. */
    provider: text('provider').notNull().default(''),
    source: text('source').$type<CreditSource>().notNull(),
    /**
     * The course session's id (`course`), the event session's id (`event`) or the claim's application
     * id; null for the society's own records.
     */
    sourceId: integer('source_id'),
    earnedOn: date('earned_on', { mode: 'string' }).notNull(),
    status: text('status').$type<EntryStatus>().notNull().default('posted'),
    /** Why an entry was refused or replaced (shown to the member). */
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_entries_account_idx').on(t.accountId, t.kindId, t.earnedOn),
    uniqueIndex('credit_entries_source_idx')
      .on(t.source, t.sourceId, t.accountId)
      .where(sql`${t.status} = 'posted' AND ${t.sourceId} IS NOT NULL`),
  ],
);

export const COURSE_STATUSES = ['approved', 'accredited', 'withdrawn'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

/**
 * A course an organisation applied to have accredited (the application of type `course` holds it
 * as submitted), as the reviewer approved it: its code, its days and its sessions' points.
 * `approved` until its review fee is paid, then `accredited`: only then does it appear to members
 * and take attendance.
 */
export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    applicationId: refId('application_id', () => applications.id),
    organisationId: refId('organisation_id', () => organisations.id),
    kindId: refId('kind_id', () => certificationKinds.id),
    /** The code members and the society quote (`CE-2026-0042`), given by the reviewer. */
    code: text('code').notNull(),
    title: text('title').notNull(),
    place: text('place').notNull(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    /** Open to people outside the organisation (shown to members on their course calendar). */
    open: boolean('open').notNull(),
    status: text('status').$type<CourseStatus>().notNull().default('approved'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('courses_code_idx').on(t.code),
    uniqueIndex('courses_application_idx').on(t.applicationId),
    index('courses_first_day_idx').on(t.status, t.firstDay),
  ],
);

/** A session of an accredited course: its time, its category and topics, and the points granted. */
export const courseSessions = pgTable(
  'course_sessions',
  {
    id: serial('id').primaryKey(),
    courseId: refId('course_id', () => courses.id),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    speaker: text('speaker').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** Taipei minutes since midnight. */
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    category: text('category').notNull(),
    creditClass: text('credit_class').$type<CreditClass>().notNull(),
    topics: jsonb('topics').$type<CreditTopic[]>().notNull().default([]),
    /** Points granted, in tenths. */
    points: integer('points').notNull(),
  },
  (t) => [uniqueIndex('course_sessions_position_idx').on(t.courseId, t.position)],
);

/**
 * An attendance roster uploaded for a course, with what it did: a corrected roster makes the one
 * before it `replaced` (its points give way to the new roster's). `report` keeps the counts and the
 * lines that came back, with their reasons.
 */
export const courseRosters = pgTable(
  'course_rosters',
  {
    id: serial('id').primaryKey(),
    courseId: refId('course_id', () => courses.id),
    /** The roster as uploaded (CSV or Excel). */
    fileId: refId('file_id', () => files.id),
    /** The sheet the attendees signed, scanned. */
    signedSheetFileId: integer('signed_sheet_file_id').references(() => files.id),
    status: text('status').$type<'current' | 'replaced'>().notNull().default('current'),
    report: jsonb('report').$type<RosterReport>().notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('course_rosters_course_idx').on(t.courseId, t.uploadedAt)],
);
