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
import type { CreditClass, CreditTopic } from '../../../lib/credits/rules';
import type { I18nText } from '../../../lib/i18n-text';
import {
  ACTIVE_REGISTRATION_STATES,
  REGISTRATION_STATES,
  SEAT_STATES,
  type RegistrationState,
} from '../../../lib/registrations/states';
import { CHECK_IN_DIRECTIONS, type CheckInDirection } from '../../../lib/registrations/door-code';
import { createdAt, refId, updatedAt } from './columns';
import { accounts } from './accounts';
import { events } from './content';
import { certificationKinds } from './credits';

/** How a registration question is asked: left out, asked, or asked and required. */
export type QuestionUse = 'off' | 'optional' | 'required';

/** The questions an event's registration asks (decision record 041). */
export interface RegistrationQuestions {
  diet: QuestionUse;
  /** The receipt's title and the buyer's business number (統一編號). */
  receipt: QuestionUse;
  /** A free-text question with its own label. */
  freeText: QuestionUse;
  freeTextLabel?: I18nText;
}

/** A registrant's answers to the questions asked. */
export interface RegistrationAnswers {
  diet?: string;
  receiptTitle?: string;
  businessNo?: string;
  freeText?: string;
}

/** What a cancelled paid registration gets back: a share of its price until some days before the event. */
export interface RefundRule {
  /** Percent of the price refunded when cancelled at least `daysBefore` days before the event starts. */
  steps: { daysBefore: number; percent: number }[];
}

/** Prices of a ticket type, in New Taiwan dollars: per member class code, and for web users. */
export interface TicketPrices {
  /** Member class code → price. A member whose class is not listed pays the web-user price. */
  members: Record<string, number>;
  webUser: number;
}

export { ACTIVE_REGISTRATION_STATES, REGISTRATION_STATES, SEAT_STATES, type RegistrationState };

/** Which price a registration was given. */
export type PriceTier = 'member' | 'webUser';

/** An event's registration: when it opens and closes, its deadlines and questions (one per event). */
export const eventRegistrationSetups = pgTable(
  'event_registration_setups',
  {
    eventId: integer('event_id')
      .primaryKey()
      .references(() => events.id),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    earlyBirdUntil: timestamp('early_bird_until', { withTimezone: true }),
    /** Registrants may cancel their own registration until then. */
    cancelUntil: timestamp('cancel_until', { withTimezone: true }),
    /** Hours a registration waits for its payment. */
    payHours: integer('pay_hours').notNull().default(72),
    /** Hours a seat offered from the waiting list waits for its payment. */
    offerHours: integer('offer_hours').notNull().default(48),
    needsApproval: boolean('needs_approval').notNull().default(false),
    questions: jsonb('questions')
      .$type<RegistrationQuestions>()
      .notNull()
      .default({ diet: 'off', receipt: 'off', freeText: 'off' }),
    refundRule: jsonb('refund_rule').$type<RefundRule>().notNull().default({ steps: [] }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('event_registration_setups_window', sql`${t.opensAt} < ${t.closesAt}`),
    check('event_registration_setups_hours', sql`${t.payHours} >= 1 AND ${t.offerHours} >= 1`),
  ],
);

/**
 * A ticket type of an event with its capacity and the seats taken (decision record 041): a seat is
 * taken by one conditional update of `seats_taken`, which never passes the capacity.
 */
export const eventTicketTypes = pgTable(
  'event_ticket_types',
  {
    id: serial('id').primaryKey(),
    eventId: refId('event_id', () => events.id),
    position: integer('position').notNull(),
    name: jsonb('name').$type<I18nText>().notNull(),
    capacity: integer('capacity').notNull(),
    seatsTaken: integer('seats_taken').notNull().default(0),
    prices: jsonb('prices').$type<TicketPrices>().notNull(),
    /** Prices before the early-bird deadline; null: no early-bird price. */
    earlyPrices: jsonb('early_prices').$type<TicketPrices>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('event_ticket_types_event_idx').on(t.eventId, t.position),
    check('event_ticket_types_seats', sql`${t.seatsTaken} >= 0 AND ${t.seatsTaken} <= ${t.capacity}`),
  ],
);

/** A session of an event (a day, a workshop): scanned in (and out), with the credits it grants. */
export const eventSessions = pgTable(
  'event_sessions',
  {
    id: serial('id').primaryKey(),
    eventId: refId('event_id', () => events.id),
    position: integer('position').notNull(),
    title: jsonb('title').$type<I18nText>().notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** Taipei minutes since midnight. */
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    needsCheckOut: boolean('needs_check_out').notNull().default(false),
    /** The certification the session's credits count toward; null: no credits. */
    kindId: integer('kind_id').references(() => certificationKinds.id),
    category: text('category'),
    creditClass: text('credit_class').$type<CreditClass>(),
    topics: jsonb('topics').$type<CreditTopic[]>().notNull().default([]),
    /** Points granted, in tenths. */
    points: integer('points').notNull().default(0),
    /** The ticket types admitted to this session. */
    ticketTypeIds: jsonb('ticket_type_ids').$type<number[]>().notNull().default([]),
    /**
     * When the session's attendance was posted to the ledger (the day after it, by a job; decision
     * record 041); null until then. A staff correction after it posts the session again.
     */
    creditsPostedAt: timestamp('credits_posted_at', { withTimezone: true }),
  },
  (t) => [
    index('event_sessions_event_idx').on(t.eventId, t.position),
    index('event_sessions_unposted_idx')
      .on(t.day)
      .where(sql`${t.creditsPostedAt} IS NULL`),
  ],
);

/** A person's registration for a ticket type of an event (decision record 041). */
export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: serial('id').primaryKey(),
    /** The number the registrant and the staff quote (`G2026-000123`). */
    number: text('number').notNull(),
    eventId: refId('event_id', () => events.id),
    ticketTypeId: refId('ticket_type_id', () => eventTicketTypes.id),
    accountId: refId('account_id', () => accounts.id),
    state: text('state').$type<RegistrationState>().notNull(),
    price: integer('price').notNull(),
    priceTier: text('price_tier').$type<PriceTier>().notNull(),
    /** The member class code the price came from, when it came from one. */
    priceClass: text('price_class'),
    early: boolean('early').notNull().default(false),
    answers: jsonb('answers').$type<RegistrationAnswers>().notNull().default({}),
    /** The ticket's secret: 32 random bytes, base64url; the QR's address carries it. */
    ticketToken: text('ticket_token').notNull(),
    payBy: timestamp('pay_by', { withTimezone: true }),
    /** When the person joined the waiting list (the list's order). */
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** NT$ owed back on a paid registration cancelled (the event's refund rule, or the staff's amount); null when none was paid. */
    refundDue: integer('refund_due'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('event_registrations_number_idx').on(t.number),
    uniqueIndex('event_registrations_ticket_token_idx').on(t.ticketToken),
    uniqueIndex('event_registrations_active_idx')
      .on(t.ticketTypeId, t.accountId)
      .where(sql`${t.state} NOT IN ('cancelled', 'expired', 'rejected')`),
    index('event_registrations_waiting_idx')
      .on(t.ticketTypeId, t.waitingSince, t.id)
      .where(sql`${t.state} = 'waiting'`),
    index('event_registrations_event_idx').on(t.eventId, t.state),
    index('event_registrations_account_idx').on(t.accountId, t.createdAt),
    index('event_registrations_pay_by_idx')
      .on(t.payBy)
      .where(sql`${t.state} = 'awaitingPayment'`),
    // The refund desk's list of refunds owed on cancelled registrations.
    index('event_registrations_refund_due_idx')
      .on(t.cancelledAt)
      .where(sql`${t.refundDue} > 0`),
  ],
);

/** A door link: lets a phone check in one event's tickets without an account (only its hash is kept). */
export const eventDoorLinks = pgTable(
  'event_door_links',
  {
    id: serial('id').primaryKey(),
    eventId: refId('event_id', () => events.id),
    label: text('label').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdBy: refId('created_by', () => accounts.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('event_door_links_token_idx').on(t.tokenHash), index('event_door_links_event_idx').on(t.eventId)],
);

export { CHECK_IN_DIRECTIONS, type CheckInDirection };

/** A ticket scanned at a session's door, once per direction: of two doors at once, one inserts. */
export const eventCheckIns = pgTable(
  'event_check_ins',
  {
    id: serial('id').primaryKey(),
    registrationId: refId('registration_id', () => eventRegistrations.id),
    sessionId: refId('session_id', () => eventSessions.id),
    direction: text('direction').$type<CheckInDirection>().notNull(),
    /** Who scanned: a staff account, or a door link. */
    doorAccountId: integer('door_account_id').references(() => accounts.id),
    doorLinkId: integer('door_link_id').references(() => eventDoorLinks.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_check_ins_once_idx').on(t.registrationId, t.sessionId, t.direction),
    index('event_check_ins_session_idx').on(t.sessionId, t.at),
    check('event_check_ins_door', sql`num_nonnulls(${t.doorAccountId}, ${t.doorLinkId}) = 1`),
  ],
);
