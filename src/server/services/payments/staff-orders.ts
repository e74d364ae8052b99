/**
 * The finance desk's orders (DESIGN.md §9, §19): every order with its gateway attempts, the money
 * received and the transfers reported, filtered by status, day made (Taipei) and words (the order
 * or receipt number, the payer's name, e-mail or member number), newest first, 50 a page by id,
 * with the receipt's state (issued, voided and why): one statement a page.
 */
import { sql, type SQL } from 'drizzle-orm';
import { addDays, type CalendarDate } from '../../../lib/calendar-date';
import type { Locale } from '../../../lib/locales';
import type { OrderFilter } from '../../../lib/schemas/money';
import type { Actor } from '../../auth/sessions';
import type { OrderStatus } from '../../db/schema';
import { runtime } from '../../runtime';
import { orderHeadOf } from './read-orders';
import { requireFinance } from './remittances';
import { escapeLike } from '../../db/like';

/** Orders a page shows. */
export const ORDERS_PAGE = 50;

export interface StaffOrder {
  orderId: number;
  number: string;
  description: string;
  amount: number;
  status: OrderStatus;
  createdAt: string;
  paidAt: string | null;
  receiptNo: string | null;
  /** The issued receipt's verification code (null until issued: first downloaded, or voided). */
  receiptCode: string | null;
  /** When and why finance voided the receipt (null: not voided). */
  receiptVoid: { at: string; reason: string } | null;
  /** Whom the issued receipt is made out to (null until issued): what a re-issue starts from. */
  receiptPayer: { nameZh: string; nameEn: string; taxId: string | null } | null;
  payerKind: 'individual' | 'organ';
  payerName: string;
  payerEmail: string;
  memberNo: string | null;
  attempts: {
    merchantOrderNo: string;
    amount: number;
    status: string;
    paymentType: string | null;
    tradeNo: string | null;
    failure: string | null;
    createdAt: string;
  }[];
  payments: {
    paymentId: number;
    amount: number;
    method: string;
    source: string;
    surplus: boolean;
    settlement: string | null;
    paidAt: string;
    /** NT$ of it refunded so far. */
    refunded: number;
  }[];
  /** Refunds recorded on the order's payments, oldest first. */
  refunds: { amount: number; refundedOn: string; method: string; reference: string; reason: string }[];
  /** Receipts of this order voided and replaced by a re-issue, oldest first. */
  formerReceipts: { number: string; verifyCode: string; reason: string }[];
  remittances: { remittanceId: number; status: string; transferDate: string; amount: number; accountLast5: string }[];
}

const iso = (value: unknown) => new Date(value as string).toISOString();

/** One page of orders, newest first: `older` is the id to ask `before` for the next page (null: the last). */
export async function listStaffOrders(
  actor: Actor,
  filter: OrderFilter,
  locale: Locale,
): Promise<{ rows: StaffOrder[]; older: number | null }> {
  requireFinance(actor);
  const where: SQL[] = [sql`true`];
  if (filter.status) where.push(sql`o.status = ${filter.status}`);
  // Days in Taipei: from the first day's start to the last day's end (UTC+8).
  if (filter.from) where.push(sql`o.created_at >= ${`${filter.from}T00:00:00+08:00`}::timestamptz`);
  if (filter.to)
    where.push(sql`o.created_at < ${`${addDays(filter.to as CalendarDate, 1)}T00:00:00+08:00`}::timestamptz`);
  if (filter.before) where.push(sql`o.id < ${filter.before}`);
  if (filter.q) {
    const like = escapeLike(filter.q);
    where.push(sql`(o.number ILIKE ${like} OR o.receipt_no ILIKE ${like} OR a.name_zh ILIKE ${like}
      OR a.name_en ILIKE ${like} OR a.email ILIKE ${like} OR m.member_no ILIKE ${like}
      OR og.name ILIKE ${like} OR og.email ILIKE ${like} OR og.tax_id ILIKE ${like})`);
  }
  const { db } = (await runtime()).database;
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT o.id, o.number, o.description, o.amount, o.status, o.created_at, o.paid_at, o.receipt_no,
      o.organisation_id, d.verify_code AS receipt_code, d.revoked_at AS receipt_voided_at,
      d.revoked_reason AS receipt_void_reason, d.facts->'payer'->>'nameZh' AS receipt_name_zh,
      d.facts->'payer'->>'nameEn' AS receipt_name_en, d.facts->>'payerTaxId' AS receipt_tax_id, coalesce(a.name_zh, og.name) AS name_zh, coalesce(a.name_en, og.name_en) AS name_en,
      coalesce(a.email, og.email) AS email, m.member_no,
      (SELECT coalesce(json_agg(json_build_object('merchantOrderNo', pa.merchant_order_no, 'amount', pa.amount,
          'status', pa.status, 'paymentType', pa.payment_type, 'tradeNo', pa.trade_no, 'failure', pa.failure,
          'createdAt', pa.created_at) ORDER BY pa.id), '[]'::json)
        FROM payment_attempts pa WHERE pa.order_id = o.id) AS attempts,
      (SELECT coalesce(json_agg(json_build_object('paymentId', p.id, 'amount', p.amount, 'method', p.method,
          'source', p.source, 'surplus', p.surplus, 'settlement', p.settlement, 'paidAt', p.paid_at,
          'refunded', (SELECT coalesce(sum(f.amount), 0) FROM refunds f WHERE f.payment_id = p.id)) ORDER BY p.id), '[]'::json)
        FROM payments p WHERE p.order_id = o.id) AS payments,
      (SELECT coalesce(json_agg(json_build_object('amount', f.amount, 'refundedOn', to_char(f.refunded_on, 'YYYY-MM-DD'),
          'method', f.method, 'reference', f.reference, 'reason', f.reason) ORDER BY f.id), '[]'::json)
        FROM refunds f WHERE f.order_id = o.id) AS refunds,
      (SELECT coalesce(json_agg(json_build_object('number', x.number, 'verifyCode', x.verify_code,
          'reason', x.revoked_reason) ORDER BY x.id), '[]'::json)
        FROM issued_documents x WHERE x.kind = 'receipt' AND x.subject_id = o.id
          AND x.number IS DISTINCT FROM o.receipt_no) AS former_receipts,
      (SELECT coalesce(json_agg(json_build_object('remittanceId', r.id, 'status', r.status,
          'transferDate', to_char(r.transfer_date, 'YYYY-MM-DD'), 'amount', r.amount, 'accountLast5', r.account_last5)
          ORDER BY r.id), '[]'::json)
        FROM remittances r WHERE r.order_id = o.id) AS remittances
    FROM orders o
    LEFT JOIN accounts a ON a.id = o.account_id
    LEFT JOIN organisations og ON og.id = o.organisation_id
    LEFT JOIN memberships m ON m.account_id = o.account_id
    LEFT JOIN issued_documents d ON d.kind = 'receipt' AND d.number = o.receipt_no
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY o.id DESC
    LIMIT ${ORDERS_PAGE + 1}`);
  const rows = result.rows.slice(0, ORDERS_PAGE).map((r): StaffOrder => ({
    ...orderHeadOf(r, locale),
    createdAt: iso(r.created_at),
    paidAt: r.paid_at ? iso(r.paid_at) : null,
    receiptNo: (r.receipt_no as string | null) ?? null,
    receiptCode: (r.receipt_code as string | null) ?? null,
    receiptVoid: r.receipt_voided_at
      ? { at: iso(r.receipt_voided_at), reason: (r.receipt_void_reason as string | null) ?? '' }
      : null,
    receiptPayer:
      r.receipt_code == null
        ? null
        : {
            nameZh: (r.receipt_name_zh as string | null) ?? '',
            nameEn: (r.receipt_name_en as string | null) ?? '',
            taxId: (r.receipt_tax_id as string | null) ?? null,
          },
    payerKind: r.organisation_id === null ? 'individual' : 'organ',
    payerName: (locale === 'en-us' && (r.name_en as string)) || (r.name_zh as string),
    payerEmail: r.email as string,
    memberNo: (r.member_no as string | null) ?? null,
    attempts: (r.attempts as StaffOrder['attempts']).map((x) => ({ ...x, createdAt: iso(x.createdAt) })),
    payments: (r.payments as StaffOrder['payments']).map((x) => ({
      ...x,
      paidAt: iso(x.paidAt),
      refunded: Number(x.refunded),
    })),
    refunds: r.refunds as StaffOrder['refunds'],
    formerReceipts: (r.former_receipts as StaffOrder['formerReceipts']).map((x) => ({ ...x, reason: x.reason ?? '' })),
    remittances: r.remittances as StaffOrder['remittances'],
  }));
  return { rows, older: result.rows.length > ORDERS_PAGE ? rows.at(-1)!.orderId : null };
}
