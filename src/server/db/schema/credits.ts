import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CreditClass, CreditMethod, CreditRuleSet, CreditTopic, EntryStatus } from '../../../lib/credits/rules';
import type { I18nText } from '../../../lib/i18n-text';
import { accounts } from './accounts';

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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A member's certificate of a kind: its number and period (a renewal is a new row). */
export const memberCertificates = pgTable(
  'member_certificates',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    kindId: integer('kind_id')
      .notNull()
      .references(() => certificationKinds.id),
    number: text('number').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_certificates_number_idx').on(t.kindId, t.number),
    index('member_certificates_account_idx').on(t.accountId, t.kindId, t.endsOn),
  ],
);

export const CREDIT_SOURCES = ['course', 'claim', 'society'] as const;
export type CreditSource = (typeof CREDIT_SOURCES)[number];

/**
 * A member's credit ledger: every point earned toward a certification kind, where it came from
 * (an accredited course's attendance, a reviewed claim, the society's own record) and whether it
 * stands. Points are tenths. A source posts to a member at most once while it stands.
 */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    kindId: integer('kind_id')
      .notNull()
      .references(() => certificationKinds.id),
    points: integer('points').notNull(),
    creditClass: text('credit_class').$type<CreditClass>().notNull(),
    category: text('category').notNull(),
    method: text('method').$type<CreditMethod>().notNull(),
    topics: jsonb('topics').$type<CreditTopic[]>().notNull().default([]),
    title: jsonb('title').$type<I18nText>().notNull(),
    /** Who held the course, or where the claimed activity took place. */
    provider: text('provider').notNull().default(''),
    source: text('source').$type<CreditSource>().notNull(),
    /** The course application's or the claim's id; null for the society's own records. */
    sourceId: integer('source_id'),
    earnedOn: date('earned_on', { mode: 'string' }).notNull(),
    status: text('status').$type<EntryStatus>().notNull().default('posted'),
    /** Why an entry was refused or replaced (shown to the member). */
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_entries_account_idx').on(t.accountId, t.kindId, t.earnedOn),
    uniqueIndex('credit_entries_source_idx')
      .on(t.source, t.sourceId, t.accountId)
      .where(sql`${t.status} = 'posted' AND ${t.sourceId} IS NOT NULL`),
  ],
);
