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
import type { I18nText } from '../../../lib/i18n-text';
import { createdAt, refId, updatedAt } from './columns';
import { accounts, organisations } from './accounts';
import { files } from './files';
import { applications } from './membership';
import { eventRegistrations } from './registrations';

export const ORDER_STATUSES = ['pending', 'paid', 'cancelled', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * What a member owes for one application (DESIGN.md §9): its items and total, computed by the
 * server. It becomes `paid` once, by whichever confirmation arrives first (gateway notify, the
 * browser's return, the trade query, a confirmed remittance); that one move applies the payment.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** The number the member and the finance staff quote (`O2026-000123`). */
    number: text('number').notNull(),
    /** Who pays: the individual, or the organisation whose application it is (decision record 012). */
    accountId: integer('account_id').references(() => accounts.id),
    organisationId: integer('organisation_id').references(() => organisations.id),
    applicationId: integer('application_id').references(() => applications.id),
    /** The event registration the order pays for (decision record 041). */
    registrationId: integer('registration_id').references(() => eventRegistrations.id),
    description: jsonb('description').$type<I18nText>().notNull(),
    amount: integer('amount').notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('pending'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Assigned when paid, in the year's sequence (`R2026-000042`). */
    receiptNo: text('receipt_no'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_number_idx').on(t.number),
    uniqueIndex('orders_receipt_no_idx').on(t.receiptNo),
    index('orders_account_idx').on(t.accountId, t.createdAt),
    index('orders_organisation_idx').on(t.organisationId, t.createdAt),
    uniqueIndex('orders_application_idx').on(t.applicationId),
    uniqueIndex('orders_registration_idx').on(t.registrationId),
    check('orders_one_payer', sql`num_nonnulls(${t.accountId}, ${t.organisationId}) = 1`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: refId('order_id', () => orders.id),
    /** `entranceFee`, `dues`, `upgradeDifference`, `replacementFee`, … */
    kind: text('kind').notNull(),
    description: jsonb('description').$type<I18nText>().notNull(),
    amount: integer('amount').notNull(),
    /** The term the item pays for, when it pays for one. */
    termStart: date('term_start', { mode: 'string' }),
    termEnd: date('term_end', { mode: 'string' }),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

export const ATTEMPT_STATUSES = ['started', 'codeIssued', 'paid', 'failed', 'cancelled'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/**
 * One try to pay an order through the gateway, with a `MerchantOrderNo` of its own (the gateway
 * refuses a number twice). ATM and convenience-store payments get their code first
 * (`codeIssued`, with its expiry) and are paid later; a code the payer cancels (to pay another way)
 * is `cancelled`, and money that still arrives on it is kept as surplus, not applied.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: serial('id').primaryKey(),
    orderId: refId('order_id', () => orders.id),
    merchantOrderNo: text('merchant_order_no').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').$type<AttemptStatus>().notNull().default('started'),
    /** The gateway's payment type once known: CREDIT, VACC, WEBATM, CVS, … */
    paymentType: text('payment_type'),
    tradeNo: text('trade_no'),
    bankCode: text('bank_code'),
    codeNo: text('code_no'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    failure: text('failure'),
    lastQueriedAt: timestamp('last_queried_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_attempts_merchant_order_no_idx').on(t.merchantOrderNo),
    index('payment_attempts_order_idx').on(t.orderId),
    index('payment_attempts_open_idx').on(t.status, t.createdAt),
  ],
);

export const SURPLUS_SETTLEMENTS = ['refunded', 'applied', 'other'] as const;
export type SurplusSettlement = (typeof SURPLUS_SETTLEMENTS)[number];

/**
 * Money received: one row per gateway attempt or confirmed remittance, whichever message reports
 * it first. The first for an order pays it; another (a second card payment in another tab, money
 * for an order closed meanwhile, a gateway payment of another amount than the order's) is kept
 * as `surplus`, which the finance staff settle once: refunded, applied to another pending order
 * of the same payer (`applied_order_id`), or otherwise, with who and when. Money a bank statement
 * shows and no order matches, which finance keeps (`statement_id`, `statement_line`), is surplus
 * with no order: finance applies it to any pending order of its amount, or refunds it.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    /** The order it was paid for; null only for money kept from a bank statement line. */
    orderId: integer('order_id').references(() => orders.id),
    attemptId: integer('attempt_id').references(() => paymentAttempts.id),
    remittanceId: integer('remittance_id'),
    amount: integer('amount').notNull(),
    method: text('method').notNull(),
    tradeNo: text('trade_no'),
    /** Which message reported it: notify, return, query or remittance. */
    source: text('source').notNull(),
    surplus: boolean('surplus').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    /** What finance did with surplus money (null while it waits): set once, by a conditional update. */
    settlement: text('settlement').$type<SurplusSettlement>(),
    /** The order the surplus paid, when it was applied to another of the payer's orders. */
    appliedOrderId: integer('applied_order_id').references(() => orders.id),
    /** The refund's reference (the bank's or the gateway's), and finance's note. */
    settlementReference: text('settlement_reference').notNull().default(''),
    settlementNote: text('settlement_note').notNull().default(''),
    settledBy: integer('settled_by'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** The stored bank statement line it was kept from (money received with no order). */
    statementId: integer('statement_id').references(() => bankStatements.id),
    statementLine: integer('statement_line'),
    /** Who paid, as the statement names them (its account and memo), for money with no order. */
    payerText: text('payer_text').notNull().default(''),
  },
  (t) => [
    uniqueIndex('payments_attempt_idx').on(t.attemptId),
    // A statement line is kept as money once.
    uniqueIndex('payments_statement_line_idx').on(t.statementId, t.statementLine),
    // Money has its order, or is surplus kept from a statement's line.
    check(
      'payments_order_or_statement',
      sql`${t.orderId} IS NOT NULL OR (${t.surplus} AND ${t.statementId} IS NOT NULL AND ${t.statementLine} IS NOT NULL)`,
    ),
    uniqueIndex('payments_remittance_idx').on(t.remittanceId),
    uniqueIndex('payments_trade_no_idx').on(t.tradeNo),
    // One payment that counts per order; any other is surplus.
    uniqueIndex('payments_order_counted_idx')
      .on(t.orderId)
      .where(sql`${t.surplus} = false`),
    // Finance's list of surplus money still to settle.
    index('payments_unsettled_idx')
      .on(t.createdAt)
      .where(sql`${t.surplus} AND ${t.settlement} IS NULL`),
  ],
);

export const REMITTANCE_STATUSES = ['reported', 'confirmed', 'rejected'] as const;
export type RemittanceStatus = (typeof REMITTANCE_STATUSES)[number];

/** A bank transfer the member reports, confirmed (or not) by a finance account. */
export const remittances = pgTable(
  'remittances',
  {
    id: serial('id').primaryKey(),
    orderId: refId('order_id', () => orders.id),
    /** Who reported it: the order's payer, an individual or an organisation (decision record 012). */
    accountId: integer('account_id').references(() => accounts.id),
    organisationId: integer('organisation_id').references(() => organisations.id),
    transferDate: date('transfer_date', { mode: 'string' }).notNull(),
    amount: integer('amount').notNull(),
    accountLast5: text('account_last5').notNull(),
    status: text('status').$type<RemittanceStatus>().notNull().default('reported'),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('remittances_status_idx').on(t.status, t.createdAt),
    // An order's latest report (the payments page, an application's detail).
    index('remittances_order_idx').on(t.orderId, t.id),
    check('remittances_one_payer', sql`num_nonnulls(${t.accountId}, ${t.organisationId}) = 1`),
    // One report waiting per order.
    uniqueIndex('remittances_open_order_idx')
      .on(t.orderId)
      .where(sql`${t.status} = 'reported'`),
  ],
);

/** Every message from the gateway (and every trade query), verified or not: what came and what it did. */
export const gatewayMessages = pgTable(
  'gateway_messages',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'notify' | 'return' | 'customer' | 'query'>().notNull(),
    merchantOrderNo: text('merchant_order_no'),
    verified: boolean('verified').notNull(),
    outcome: text('outcome').notNull(),
    result: jsonb('result').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gateway_messages_order_idx').on(t.merchantOrderNo, t.at)],
);

/**
 * The built-in gateway simulator's own book (demo and tests only): what it was asked to charge and
 * what it did, so it can issue codes, pay them later, lose a notify on purpose, and answer the
 * trade query as the real gateway would.
 */
export const simulatorTrades = pgTable('simulator_trades', {
  merchantOrderNo: text('merchant_order_no').primaryKey(),
  amount: integer('amount').notNull(),
  itemDesc: text('item_desc').notNull(),
  notifyUrl: text('notify_url').notNull(),
  returnUrl: text('return_url').notNull(),
  customerUrl: text('customer_url').notNull(),
  clientBackUrl: text('client_back_url').notNull(),
  langType: text('lang_type').notNull(),
  cvs: boolean('cvs').notNull(),
  /** open, codeIssued, paid, failed */
  status: text('status').notNull().default('open'),
  tradeNo: text('trade_no').notNull(),
  paymentType: text('payment_type'),
  bankCode: text('bank_code'),
  codeNo: text('code_no'),
  codeExpiresOn: date('code_expires_on', { mode: 'string' }),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Money given back outside the portal (decision record 021): finance records that a payment that
 * counted for its order was refunded, in whole or in part (never more than was paid and not yet
 * refunded), when, how and why. Surplus money is refunded through its settlement instead.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: refId('payment_id', () => payments.id),
    orderId: refId('order_id', () => orders.id),
    amount: integer('amount').notNull(),
    /** The day the money went back (Taipei). */
    refundedOn: date('refunded_on', { mode: 'string' }).notNull(),
    /** How: `bankTransfer`, `card` (the gateway's refund), `cash`, `other`. */
    method: text('method').notNull(),
    /** The bank's or the gateway's reference. */
    reference: text('reference').notNull().default(''),
    reason: text('reason').notNull(),
    recordedBy: integer('recorded_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_payment_idx').on(t.paymentId),
    check('refunds_positive', sql`${t.amount} > 0`),
  ],
);

/** One incoming transfer read from a bank statement (the line in the file: 1 is the header). */
export interface StoredStatementLine {
  line: number;
  date: string;
  amount: number;
  account: string;
  memo: string;
  /**
   * What finance made of the line, once: a reported transfer it confirmed, or, for a line that
   * matches nothing, money received and kept not applied (to settle or refund later) or not the
   * society's; absent while nothing was decided.
   */
  outcome?: StatementLineOutcome;
}

export type StatementLineOutcome =
  | { kind: 'confirmed'; remittanceId: number; orderNumber: string | null; by: number; at: string }
  | { kind: 'kept' | 'notOurs'; note: string; by: number; at: string };

/**
 * A bank statement finance uploaded to match reported transfers: its file (private, purpose
 * `bankStatement`) and the incoming lines read from it. A bulk confirmation names a stored line
 * (statement and line number), never the line's content, and its audit entry points at it.
 */
export const bankStatements = pgTable('bank_statements', {
  id: serial('id').primaryKey(),
  fileId: refId('file_id', () => files.id),
  uploadedBy: refId('uploaded_by', () => accounts.id),
  lines: jsonb('lines').$type<StoredStatementLine[]>().notNull(),
  skipped: jsonb('skipped').$type<{ line: number; reason: 'date' | 'amount' | 'notIncoming' }[]>().notNull(),
  createdAt: createdAt(),
});
