import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import type { ApplicationState } from '../../../lib/applications/state-machine';
import type { I18nText } from '../../../lib/i18n-text';
import type { MembershipStatus, TermKind } from '../../../lib/membership/terms';
import { createdAt, refId, updatedAt } from './columns';
import { accounts, organisations } from './accounts';
import { files } from './files';

/** A document an applicant must (or may) send with an application to a class. */
export interface RequiredDocument {
  key: string;
  name: I18nText;
  required: boolean;
}

/**
 * A member class as the society defines it (DESIGN.md §12): who may join, what it costs, how its
 * terms run, whether joining needs review, and which classes a member may move on to.
 */
export const memberClasses = pgTable('member_classes', {
  id: serial('id').primaryKey(),
  /** Short stable name (`regular`, `student`): the member-number pattern may use it. */
  code: text('code').notNull().unique(),
  name: jsonb('name').$type<I18nText>().notNull(),
  description: jsonb('description').$type<I18nText>().notNull(),
  eligibility: jsonb('eligibility').$type<I18nText>().notNull(),
  /** The terms an applicant accepts (plain text, paragraphs separated by blank lines). */
  terms: jsonb('terms').$type<I18nText>().notNull(),
  documents: jsonb('documents').$type<RequiredDocument[]>().notNull().default([]),
  entranceFee: integer('entrance_fee').notNull().default(0),
  duesPerTerm: integer('dues_per_term').notNull().default(0),
  termKind: text('term_kind').$type<TermKind>().notNull().default('calendarYear'),
  termMonths: integer('term_months'),
  life: boolean('life').notNull().default(false),
  /** Joining or moving into this class is reviewed (then paid for after approval). */
  reviewed: boolean('reviewed').notNull().default(true),
  /** Classes a member of this one may apply to move to. */
  upgradeTo: jsonb('upgrade_to').$type<number[]>().notNull().default([]),
  /** Open for joining from this moment; null: not open (its page only through a preview link). */
  opensAt: timestamp('opens_at', { withTimezone: true }),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** The society's membership rules for every class: one row (id 1). */
export const membershipSettings = pgTable('membership_settings', {
  id: integer('id').primaryKey(),
  graceDays: integer('grace_days').notNull().default(90),
  renewalWindowDays: integer('renewal_window_days').notNull().default(60),
  /** `MM-DD`, see `MembershipRules.lateJoinFrom`. */
  lateJoinFrom: text('late_join_from'),
  /** `{yyyy}` the year of approval, `{class}` the class code, `{seq:4}` the year's sequence, zero-padded. */
  memberNoPattern: text('member_no_pattern').notNull().default('M{yyyy}-{seq:4}'),
  replaceFee: integer('replace_fee').notNull().default(200),
  /** Days an approved application waits for its payment before it expires. */
  paymentDays: integer('payment_days').notNull().default(14),
  /** Days an application returned for changes waits before it expires. */
  returnedDays: integer('returned_days').notNull().default(30),
  /** Days a reviewer has for an application before it shows as overdue. */
  reviewDays: integer('review_days').notNull().default(14),
  /** Longest pause, in months. */
  pauseMaxMonths: integer('pause_max_months').notNull().default(24),
  /** Reminders: days before a term ends, and days into grace. */
  remindBeforeDays: jsonb('remind_before_days').$type<number[]>().notNull().default([30, 7]),
  remindInGraceDays: jsonb('remind_in_grace_days').$type<number[]>().notNull().default([14, 60]),
  updatedAt: updatedAt(),
});

/**
 * One membership per account, from its first approval on: the member number (assigned once), the
 * class and the current term. Status follows from the dates (`statusOn`); `status` keeps the last
 * one the portal recorded, so the job can tell a change and write it to the history.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    accountId: refId('account_id', () => accounts.id),
    memberNo: text('member_no').notNull(),
    classId: refId('class_id', () => memberClasses.id),
    status: text('status').$type<MembershipStatus>().notNull(),
    joinedOn: date('joined_on', { mode: 'string' }).notNull(),
    termStart: date('term_start', { mode: 'string' }).notNull(),
    /** Last day of the current term; null for life membership. */
    termEnd: date('term_end', { mode: 'string' }),
    pausedFrom: date('paused_from', { mode: 'string' }),
    /** Planned last day of a pause (the member restarts to come back). */
    pausedUntil: date('paused_until', { mode: 'string' }),
    /** Last day of membership after a quit. */
    lastDay: date('last_day', { mode: 'string' }),
    /** The certificate's edition: a replacement issues the next one. */
    certificateEdition: integer('certificate_edition').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('memberships_account_idx').on(t.accountId),
    uniqueIndex('memberships_member_no_idx').on(t.memberNo),
  ],
);

/** Every term a membership was granted, and what paid for it. */
export const membershipTerms = pgTable(
  'membership_terms',
  {
    id: serial('id').primaryKey(),
    membershipId: refId('membership_id', () => memberships.id),
    classId: refId('class_id', () => memberClasses.id),
    start: date('start', { mode: 'string' }).notNull(),
    end: date('end', { mode: 'string' }),
    applicationId: integer('application_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('membership_terms_start_idx').on(t.membershipId, t.start)],
);

/** What happened to a membership: status changes (by the job or an application), class changes, reissues. */
export const membershipEvents = pgTable(
  'membership_events',
  {
    id: serial('id').primaryKey(),
    membershipId: refId('membership_id', () => memberships.id),
    kind: text('kind').notNull(),
    fromStatus: text('from_status').$type<MembershipStatus>(),
    toStatus: text('to_status').$type<MembershipStatus>(),
    applicationId: integer('application_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('membership_events_membership_idx').on(t.membershipId, t.at)],
);

export const APPLICATION_TYPES = [
  'join',
  'upgrade',
  'extension',
  'quit',
  'replace',
  'restart',
  'stop',
  'creditClaim',
  /** An organisation's course, for accreditation toward a certification. */
  'course',
] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];

/** Applications about the membership itself: an account has at most one of them open at a time. */
export function isMembershipType(type: ApplicationType): boolean {
  return type !== 'creditClaim' && type !== 'course';
}

/**
 * An application of any type, moved only by the state machine (`lib/applications/state-machine.ts`).
 * `form` holds what the type asks (a quit's last day, a pause's period, a replacement's reason…);
 * `amount` is computed by the server when payment becomes due.
 */
export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    /** The number an applicant quotes (`J2026-000123`), also for the look-up without signing in. */
    number: text('number').notNull(),
    type: text('type').$type<ApplicationType>().notNull(),
    state: text('state').$type<ApplicationState>().notNull(),
    /** The individual who applied; null when an organisation did (decision record 012). */
    accountId: integer('account_id').references(() => accounts.id),
    /** The organisation that applied (a course); null when an individual did. */
    organisationId: integer('organisation_id').references(() => organisations.id),
    /** The class applied for (join, upgrade) or the member's class at the time. */
    classId: integer('class_id').references(() => memberClasses.id),
    form: jsonb('form').$type<Record<string, unknown>>().notNull().default({}),
    reviewed: boolean('reviewed').notNull(),
    amount: integer('amount').notNull().default(0),
    /** The applicant's language, for every mail about it. */
    locale: text('locale').notNull(),
    /** Deadline of the current step (payment, changes asked for). */
    dueAt: timestamp('due_at', { withTimezone: true }),
    reviewComment: text('review_comment'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('applications_number_idx').on(t.number),
    index('applications_account_idx').on(t.accountId, t.createdAt),
    index('applications_organisation_idx').on(t.organisationId, t.createdAt),
    index('applications_state_idx').on(t.state, t.dueAt),
    check('applications_one_applicant', sql`num_nonnulls(${t.accountId}, ${t.organisationId}) = 1`),
    // One open membership application per account at a time: a second click or tab cannot start
    // another. Credit claims are not about the membership: a member may have several open.
    uniqueIndex('applications_one_open_idx')
      .on(t.accountId)
      .where(sql`${t.state} not in ('rejected', 'effective', 'cancelled', 'expired') and ${t.type} <> 'creditClaim'`),
  ],
);

/** Every move of an application: who, when, from, to, and why. */
export const applicationHistory = pgTable(
  'application_history',
  {
    id: serial('id').primaryKey(),
    applicationId: refId('application_id', () => applications.id),
    event: text('event').notNull(),
    fromState: text('from_state').$type<ApplicationState>(),
    toState: text('to_state').$type<ApplicationState>().notNull(),
    actorType: text('actor_type').$type<'applicant' | 'reviewer' | 'system' | 'finance'>().notNull(),
    actorId: integer('actor_id'),
    comment: text('comment'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('application_history_application_idx').on(t.applicationId, t.at)],
);

/** The documents sent with an application, by the class's document key. */
export const applicationFiles = pgTable(
  'application_files',
  {
    id: serial('id').primaryKey(),
    applicationId: refId('application_id', () => applications.id),
    documentKey: text('document_key').notNull(),
    fileId: refId('file_id', () => files.id),
    createdAt: createdAt(),
  },
  (t) => [index('application_files_application_idx').on(t.applicationId)],
);

/** Reminders sent: one per membership, term end and kind, whichever process gets there first. */
export const membershipReminders = pgTable(
  'membership_reminders',
  {
    id: serial('id').primaryKey(),
    membershipId: refId('membership_id', () => memberships.id),
    termEnd: date('term_end', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('membership_reminders_once_idx').on(t.membershipId, t.termEnd, t.kind)],
);
