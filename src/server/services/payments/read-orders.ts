import { isApplicant } from '../applicants';
import { desc, eq, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import { taipeiDate } from '../../../lib/calendar-date';
import { pickText } from '../../../lib/i18n-text';
import type { Actor } from '../../auth/sessions';
import {
  applications,
  orders,
  paymentAttempts,
  payments,
  type OrderStatus,
  type RemittanceStatus,
  type SurplusSettlement,
} from '../../db/schema';
import type { I18nText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';

/**
 * One of the member's own orders with a gateway attempt (paid, a code to pay, failed, or still
 * waiting for the gateway), for the page the browser lands on after the gateway: the attempt the
 * gateway's post named (`merchantOrderNo`, from the return address), else the order's latest.
 * Another's order answers -6, as an unknown one does.
 */
export async function getOwnOrderWithAttempt(actor: Actor, orderId: number, merchantOrderNo: string | null = null) {
  const { db } = (await runtime()).database;
  const [found] = await db
    .select({ order: orders, applicationType: applications.type })
    .from(orders)
    .leftJoin(applications, eq(applications.id, orders.applicationId))
    .where(eq(orders.id, orderId));
  if (!found || !isApplicant(actor, found.order)) throw new AppError(ErrorCode.NO_DATA);
  const { order } = found;
  // The named attempt first when it is this order's, then the latest; with its money, if it came.
  const [shown] = await db
    .select({ attempt: paymentAttempts, surplus: payments.surplus })
    .from(paymentAttempts)
    .leftJoin(payments, eq(payments.attemptId, paymentAttempts.id))
    .where(eq(paymentAttempts.orderId, order.id))
    .orderBy(
      ...(merchantOrderNo === null ? [] : [desc(sql`${paymentAttempts.merchantOrderNo} = ${merchantOrderNo}`)]),
      desc(paymentAttempts.id),
    )
    .limit(1);
  const attempt = shown?.attempt;
  return {
    orderId: order.id,
    number: order.number,
    amount: order.amount,
    status: order.status,
    receiptNo: order.receiptNo,
    applicationId: order.applicationId,
    /** What the order pays for (join, upgrade, extension…); null for an order of its own. */
    applicationType: found.applicationType,
    attempt: attempt
      ? {
          status: attempt.status,
          paymentType: attempt.paymentType,
          bankCode: attempt.bankCode,
          codeNo: attempt.codeNo,
          codeExpiresAt: attempt.codeExpiresAt?.toISOString() ?? null,
          /** Its money arrived but paid nothing (the order paid already, closed, or another amount). */
          surplus: shown?.surplus === true,
        }
      : null,
  };
}

/**
 * The member's orders, newest first, each with what was received for it: one prepared statement
 * (the page runs it beside the session's, nothing per order). What comes with each order is built
 * as JSON arrays rather than objects, which cost the embedded database more.
 */
const OWN_ORDERS = `
  SELECT o.id, o.number, o.description, o.amount, o.status, o.due_at, o.paid_at, o.receipt_no, o.application_id,
    o.created_at,
    (SELECT json_agg(json_build_array(p.method, p.amount, p.paid_at, p.surplus, p.settlement,
         (SELECT t.number FROM orders t WHERE t.id = p.applied_order_id)) ORDER BY p.id)
       FROM payments p WHERE p.order_id = o.id) AS received,
    (SELECT json_build_array(r.status, r.transfer_date, r.amount, r.account_last5, r.note)
       FROM remittances r WHERE r.order_id = o.id ORDER BY r.id DESC LIMIT 1) AS remittance,
    ${openCodeSql('o')} AS open_code
  FROM orders o WHERE o.account_id = $1 ORDER BY o.id DESC`;

export interface RemittanceSummary {
  status: RemittanceStatus;
  transferDate: string;
  amount: number;
  accountLast5: string;
  note: string;
}

/** A reported transfer as the statements build it: status, day, amount, last five digits, finance's note. */
export type RemittanceTuple = [RemittanceStatus, string, number, string, string];

export function remittanceOf(row: RemittanceTuple | null): RemittanceSummary | null {
  if (!row) return null;
  const [status, transferDate, amount, accountLast5, note] = row;
  return { status, transferDate, amount, accountLast5, note };
}

/**
 * An ATM account or a store code the gateway issued for a pending order and that may still be paid:
 * what to pay with and until when. A code the payer cancelled (to pay another way), or one past its
 * expiry, is not open.
 */
export interface OpenCode {
  /** VACC (an ATM transfer to a virtual account) or CVS (a convenience-store code). */
  paymentType: string;
  /** The bank's code, for an ATM transfer. */
  bankCode: string | null;
  /** The virtual account, or the store code. */
  codeNo: string;
  expiresAt: string;
}

/** The order's latest open code, as a JSON array, for a statement over the orders aliased `alias`. */
export function openCodeSql(alias: string): string {
  return `(SELECT json_build_array(a.payment_type, a.bank_code, a.code_no, a.code_expires_at)
       FROM payment_attempts a
      WHERE a.order_id = ${alias}.id AND ${alias}.status = 'pending' AND a.status = 'codeIssued'
        AND a.code_no IS NOT NULL AND a.code_expires_at > now()
      ORDER BY a.id DESC LIMIT 1)`;
}

export type OpenCodeTuple = [string | null, string | null, string, string];

export function openCodeOf(row: OpenCodeTuple | null | undefined): OpenCode | null {
  if (!row) return null;
  const [paymentType, bankCode, codeNo, expiresAt] = row;
  return { paymentType: paymentType ?? '', bankCode, codeNo, expiresAt: new Date(expiresAt).toISOString() };
}

/** What an order read in SQL says first, for its owner and for finance alike: which, for what, how much, where it stands. */
export function orderHeadOf(row: Record<string, unknown>, locale: Locale) {
  return {
    orderId: row.id as number,
    number: row.number as string,
    description: pickText(row.description as I18nText, locale),
    amount: row.amount as number,
    status: row.status as OrderStatus,
  };
}

const iso = (value: unknown) => (value == null ? null : new Date(value as string | Date).toISOString());

/**
 * The member's orders for /member/payment: what is due (pending, with its deadline), what was paid
 * (with the receipt number and what was received), what lapsed.
 */
export async function listOwnOrders(actor: Actor, locale: 'zh-tw' | 'en-us') {
  const rows = await (await runtime()).database.prepared('own_orders', OWN_ORDERS, [actor.accountId]);
  return rows.map((order) => ({
    ...orderHeadOf(order, locale),
    dueAt: iso(order.due_at),
    paidAt: iso(order.paid_at),
    receiptNo: order.receipt_no as string | null,
    applicationId: order.application_id as number | null,
    /** The day the order was made (Taipei): the earliest day a transfer for it may be dated. */
    orderedOn: taipeiDate(order.created_at as Date),
    /** The member's latest reported bank transfer for the order: waiting, confirmed, or rejected with finance's note. */
    remittance: remittanceOf(order.remittance as RemittanceTuple | null),
    /** An ATM or store code issued for it that may still be paid. */
    openCode: openCodeOf(order.open_code as OpenCodeTuple | null),
    payments: (
      (order.received ?? []) as [string, number, string, boolean, SurplusSettlement | null, string | null][]
    ).map(([method, amount, paidAt, surplus, settlement, appliedTo]) => ({
      method,
      amount,
      paidAt: iso(paidAt) as string,
      surplus,
      /** What finance did with surplus money: refunded, applied (to `appliedTo`), other; null while it waits. */
      settlement,
      appliedTo,
    })),
  }));
}
