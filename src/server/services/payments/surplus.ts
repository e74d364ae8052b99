/**
 * Money that arrived and was not applied (DESIGN.md §9): a second payment of an order already
 * paid, money for an order closed meanwhile, a gateway payment of another amount than its order's,
 * money paid on an ATM or store code the payer had cancelled (to pay another way) or that a
 * confirmed bank transfer cancelled, and money a bank statement shows that matched no order, kept
 * by finance from the statement page (`bank-statement.ts`: a payment with no order).
 * `receiveMoney` and the gateway keep it as a surplus payment row; the finance office lists it with
 * what to do (refund it, or apply it to another pending order of the same payer, or for statement
 * money any pending order of its amount, named by its number) and records the outcome once, with
 * who and when, audited.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import { type I18nText, pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import type { Actor } from '../../auth/sessions';
import { orders, payments, type OrderStatus, type SurplusSettlement } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { receiveMoney, settlementFor } from './pay-orders';
import { requireFinance } from './remittances';
import { recordAudit } from '../accounts/audit';

/** Why money was not applied to its order, worked out from the order and the amount. */
export type SurplusReason =
  'paidTwice' | 'orderClosed' | 'amountMismatch' | 'codeCancelled' | 'codeAfterTransfer' | 'statementOnly';

/**
 * The surplus money waiting for finance, oldest first, with its order and payer (a member with
 * their number, or an organisation) and the payer's pending orders of the same amount (where it
 * may be applied instead of refunded; its own order too, when money paid on a cancelled code finds
 * it still unpaid), or for money kept from a bank statement (no order) the statement's line and
 * the payer as it names them: one statement.
 */
const UNAPPLIED = `
  SELECT p.id, p.order_id, p.amount, p.method, p.trade_no, p.paid_at, o.number, o.status AS order_status,
    p.statement_id, p.statement_line, p.payer_text,
    o.amount AS order_amount, o.description, o.account_id, o.organisation_id,
    (SELECT pa.status = 'cancelled' FROM payment_attempts pa WHERE pa.id = p.attempt_id) AS code_cancelled,
    EXISTS (SELECT 1 FROM payments c WHERE c.order_id = p.order_id AND NOT c.surplus AND c.remittance_id IS NOT NULL)
      AS paid_by_transfer,
    coalesce(a.name_zh, og.name) AS name_zh, coalesce(a.name_en, og.name_en) AS name_en,
    coalesce(a.email, og.email) AS email, m.member_no,
    (SELECT json_agg(json_build_array(q.id, q.number, q.description) ORDER BY q.id)
       FROM orders q
      WHERE q.status = $1 AND q.amount = p.amount
        AND (q.account_id = o.account_id OR q.organisation_id = o.organisation_id)) AS pending
  FROM payments p
  LEFT JOIN orders o ON o.id = p.order_id
  LEFT JOIN accounts a ON a.id = o.account_id
  LEFT JOIN organisations og ON og.id = o.organisation_id
  LEFT JOIN memberships m ON m.account_id = o.account_id
  WHERE p.surplus AND p.settlement IS NULL
  ORDER BY p.created_at, p.id`;

/**
 * Why money was not applied. Money paid on a cancelled code of an order a bank transfer paid is
 * the code paid after the transfer (confirming the transfer cancelled the code): to refund.
 */
export function surplusReason(
  amount: number,
  order: { amount: number; status: OrderStatus; paidByTransfer?: boolean },
  codeCancelled = false,
): SurplusReason {
  if (amount !== order.amount) return 'amountMismatch';
  if (codeCancelled) return order.status === 'paid' && order.paidByTransfer ? 'codeAfterTransfer' : 'codeCancelled';
  return order.status === 'paid' ? 'paidTwice' : 'orderClosed';
}

/** The surplus money to settle, for holders of the `finance` role only (-11). */
export async function listUnappliedPayments(actor: Actor, locale: Locale) {
  requireFinance(actor);
  const rows = await (await runtime()).database.prepared('unapplied_payments', UNAPPLIED, ['pending']);
  return rows.map((r) => {
    const amount = r.amount as number;
    const base = {
      paymentId: r.id as number,
      amount,
      /** CREDIT, VACC, WEBATM, CVS… or `remittance`. */
      method: r.method as string,
      tradeNo: (r.trade_no as string | null) ?? null,
      paidAt: new Date(r.paid_at as string).toISOString(),
    };
    if (r.order_id === null)
      // Money a bank statement shows, kept with no order: any pending order of its amount may take it.
      return {
        ...base,
        orderId: null,
        orderNumber: null,
        orderStatus: null,
        description: '',
        orderAmount: null,
        reason: 'statementOnly' as SurplusReason,
        payerKind: null,
        payerName: r.payer_text as string,
        payerEmail: '',
        memberNo: null,
        statement: { statementId: r.statement_id as number, line: r.statement_line as number },
        pendingOrders: [],
        own: false,
      };
    const orderStatus = r.order_status as OrderStatus;
    return {
      ...base,
      orderId: r.order_id as number,
      orderNumber: r.number as string,
      orderStatus,
      description: pickText(r.description as I18nText, locale),
      orderAmount: r.order_amount as number,
      reason: surplusReason(
        amount,
        { amount: r.order_amount as number, status: orderStatus, paidByTransfer: r.paid_by_transfer === true },
        r.code_cancelled === true,
      ),
      payerKind: (r.organisation_id === null ? 'individual' : 'organ') as 'individual' | 'organ',
      payerName: (locale === 'en-us' && (r.name_en as string)) || (r.name_zh as string),
      payerEmail: r.email as string,
      memberNo: (r.member_no as string | null) ?? null,
      statement: null,
      /** The payer's pending orders of the same amount: the money may pay one of them instead of being refunded. */
      pendingOrders: ((r.pending ?? []) as [number, string, I18nText][]).map(([orderId, number, description]) => ({
        orderId,
        orderNumber: number,
        description: pickText(description, locale),
      })),
      /** Money the reader paid: another finance account settles it. */
      own: r.organisation_id === null && r.account_id === actor.accountId,
    };
  });
}

export interface SettleSurplusInput {
  paymentId: number;
  outcome: SurplusSettlement;
  /** The pending order it pays (`applied`), from the payer's pending orders listed with it… */
  orderId?: number | undefined;
  /** …or by its number, as finance types it (money kept from a statement, which has no payer). */
  orderNumber?: string | undefined;
  /** The refund's reference (`refunded`). */
  reference: string;
  note: string;
}

type Order = typeof orders.$inferSelect;
type TargetField = 'orderId' | 'orderNumber';

const settled = () => new AppError(ErrorCode.DATA_CHECK, { reason: 'surplusSettled' }, { key: 'surplusSettled' });

/** Why the order named cannot take the money (-10, on the field that named it). */
const targetRefused = (field: TargetField, key: string, values?: Record<string, string | number>) =>
  new AppError(ErrorCode.DATA_CHECK, { fields: [field], reason: key }, { key, values });

/** An order that is no longer pending: paid already, or cancelled or expired. */
const notPending = (field: TargetField, target: Order, status: OrderStatus) =>
  targetRefused(field, status === 'paid' ? 'surplusTargetPaid' : 'surplusTargetClosed', { order: target.number });

/**
 * The pending order the money pays, checked: an order of the same payer for money with an order,
 * any order but the reader's own (-11) for money kept from a statement; still pending, and of
 * exactly the amount received (never a part payment). -10 names what is wrong with it.
 */
async function targetOrder(
  actor: Actor,
  input: SettleSurplusInput,
  field: TargetField,
  payment: typeof payments.$inferSelect,
  order: Order | null,
): Promise<Order> {
  const { db } = (await runtime()).database;
  const named =
    input.orderId !== undefined
      ? eq(orders.id, input.orderId)
      : input.orderNumber
        ? eq(orders.number, input.orderNumber)
        : null;
  const [row] = named ? await db.select().from(orders).where(named) : [];
  if (!row) throw targetRefused(field, 'surplusTargetUnknown', { order: input.orderNumber ?? '' });
  if (order) {
    const samePayer =
      order.organisationId === null ? row.accountId === order.accountId : row.organisationId === order.organisationId;
    if (!samePayer) throw targetRefused(field, 'surplusTarget');
  } else if (row.organisationId === null && row.accountId === actor.accountId)
    throw new AppError(ErrorCode.NO_PERMISSION, { fields: [field] }, { key: 'surplusOwnOrder' });
  if (row.status !== 'pending') throw notPending(field, row, row.status);
  if (row.amount !== payment.amount)
    throw targetRefused(field, 'surplusTargetAmount', {
      order: row.number,
      orderAmount: row.amount.toLocaleString('en-US'),
      amount: payment.amount.toLocaleString('en-US'),
    });
  return row;
}

/**
 * Finance records what became of surplus money, once (a conditional update: of two at once one
 * wins, a second is refused with -10 `surplusSettled`): refunded (with the refund's reference),
 * applied to a pending order of the same payer and the same amount, or for money kept from a bank
 * statement to any pending order of its amount, named by its number (that order is then paid, as
 * a confirmed transfer pays it: `receiveMoney`, its receipt numbered, its application paid and in
 * effect; its own order when that is still pending, as for money paid on a cancelled code), or
 * otherwise (with a note). Who and when are kept on the payment and in the audit log, in one
 * transaction. Nobody settles their own money nor applies money to their own order (-11); unknown
 * or not surplus money is -6; an order unknown, paid, closed or of another amount is -10.
 */
export async function settleSurplus(
  actor: Actor,
  input: SettleSurplusInput,
  ip: string,
): Promise<{ outcome: SurplusSettlement; orderNumber: string | null; appliedOrderNumber: string | null }> {
  requireFinance(actor);
  const { db } = (await runtime()).database;
  const [found] = await db
    .select({ payment: payments, order: orders })
    .from(payments)
    .leftJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.id, input.paymentId));
  if (!found || !found.payment.surplus) throw new AppError(ErrorCode.NO_DATA);
  const { payment, order } = found;
  if (order && order.organisationId === null && order.accountId === actor.accountId)
    throw new AppError(ErrorCode.NO_PERMISSION, null, { key: 'surplusOwn' });
  if (payment.settlement !== null) throw settled();

  const field: TargetField = input.orderId === undefined && input.orderNumber !== undefined ? 'orderNumber' : 'orderId';
  const target = input.outcome === 'applied' ? await targetOrder(actor, input, field, payment, order) : null;
  const settle = target ? await settlementFor(target.applicationId) : null;
  const now = new Date();

  await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(payments)
      .set({
        settlement: input.outcome,
        appliedOrderId: target?.id ?? null,
        settlementReference: input.reference,
        settlementNote: input.note,
        settledBy: actor.accountId,
        settledAt: now,
      })
      .where(and(eq(payments.id, payment.id), eq(payments.surplus, true), isNull(payments.settlement)))
      .returning({ id: payments.id });
    if (!moved) throw settled();
    if (target && settle) {
      // The order must still be pending when the money pays it: otherwise nothing is recorded.
      const [locked] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, target.id))
        .for('update');
      if (locked?.status !== 'pending') throw notPending(field, target, locked?.status ?? 'expired');
      await receiveMoney(
        tx,
        {
          orderId: target.id,
          amount: payment.amount,
          method: payment.method,
          source: 'surplus',
          paidAt: now,
        },
        settle,
        { kind: 'system', accountId: actor.accountId, as: 'finance' },
      );
    }
    await recordAudit(tx, {
      actor: { userType: 'individual', accountId: actor.accountId },
      action: 'surplusSettled',
      ip,
      target: { type: 'payment', id: payment.id },
      before: { status: 'surplus' },
      after: { outcome: input.outcome, appliedOrderId: target?.id ?? null },
      detail: {
        paymentId: payment.id,
        orderId: order?.id ?? null,
        ...(payment.statementId === null
          ? {}
          : { statement: { id: payment.statementId, line: payment.statementLine }, payer: payment.payerText }),
        amount: payment.amount,
        outcome: input.outcome,
        appliedOrderId: target?.id ?? null,
        reference: input.reference,
        note: input.note,
      },
    });
  });
  return { outcome: input.outcome, orderNumber: order?.number ?? null, appliedOrderNumber: target?.number ?? null };
}
