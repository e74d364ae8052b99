/**
 * Refunds made outside the portal, recorded by finance (decision record 021): a payment that
 * counted for its order, refunded in whole or in part (never more than was paid and not yet
 * refunded), with the day, the way, the bank's or gateway's reference and the reason. A refund
 * that gives the whole payment back voids the order's receipt (a receipt states money the society
 * holds); the membership is not changed here: ending or correcting it is the office's decision
 * through the membership's own flows. Audited (`payment.refunded`) in the same transaction.
 */
import { eq, sum } from 'drizzle-orm';
import { taipeiDate } from '../../../lib/calendar-date';
import { REFUNDED_PREFIX } from '../../../lib/documents/revoked-reason';
import { ErrorCode } from '../../../lib/error-codes';
import type { RefundBody } from '../../../lib/schemas/money';
import type { Actor } from '../../auth/sessions';
import { orders, payments, refunds } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { recordAudit } from '../accounts/audit';
import { fixedReceipt, revokeReceipt } from './receipts';
import { requireFinance } from './remittances';

const tooMuch = (left: number) =>
  new AppError(ErrorCode.DATA_CHECK, { fields: ['amount'], left }, { key: 'refundTooMuch', values: { left } });

export async function recordRefund(
  actor: Actor,
  input: RefundBody,
  ip: string,
): Promise<{ refundId: number; refunded: number; left: number; receiptVoided: boolean }> {
  requireFinance(actor);
  const { db } = (await runtime()).database;
  const [found] = await db
    .select({ payment: payments, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.id, input.paymentId));
  if (!found) throw new AppError(ErrorCode.NO_DATA);
  const { payment, order } = found;
  if (payment.surplus)
    throw new AppError(ErrorCode.DATA_CHECK, { reason: 'refundNotCounted' }, { key: 'refundNotCounted' });
  if (order.organisationId === null && order.accountId === actor.accountId)
    throw new AppError(ErrorCode.NO_PERMISSION, null, { key: 'refundOwn' });
  if (input.refundedOn > taipeiDate()) throw new AppError(ErrorCode.DATA_CHECK, { fields: ['refundedOn'] });
  const [already] = await db
    .select({ n: sum(refunds.amount) })
    .from(refunds)
    .where(eq(refunds.paymentId, payment.id));
  const leftNow = payment.amount - Number(already?.n ?? 0);
  if (input.amount > leftNow) throw tooMuch(leftNow);
  // A refund of all that is left voids the receipt: fixed first (issued if never downloaded). Fixed
  // for a part too, since another refund recorded at the same moment may leave this one the last.
  const receipt = order.receiptNo ? (await fixedReceipt(db, order.id)).receipt : null;
  const now = new Date();
  return db.transaction(async (tx) => {
    // The payment's row lock orders two refunds at the same moment: each counts the one before.
    await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, payment.id)).for('update');
    const [{ n } = { n: null }] = await tx
      .select({ n: sum(refunds.amount) })
      .from(refunds)
      .where(eq(refunds.paymentId, payment.id));
    const before = Number(n ?? 0);
    const left = payment.amount - before;
    if (input.amount > left) throw tooMuch(left);
    const [row] = await tx
      .insert(refunds)
      .values({
        paymentId: payment.id,
        orderId: order.id,
        amount: input.amount,
        refundedOn: input.refundedOn,
        method: input.method,
        reference: input.reference,
        reason: input.reason,
        recordedBy: actor.accountId,
      })
      .returning({ id: refunds.id });
    const whole = input.amount === left;
    const receiptVoided =
      whole && receipt !== null && (await revokeReceipt(tx, receipt.id, `${REFUNDED_PREFIX}${input.reason}`, now));
    await recordAudit(tx, {
      actor: { userType: 'individual', accountId: actor.accountId },
      action: 'payment.refunded',
      ip,
      target: { type: 'order', id: order.id },
      before: { paymentId: payment.id, refunded: before },
      after: {
        paymentId: payment.id,
        refunded: before + input.amount,
        ...(receiptVoided && receipt ? { receiptVoided: receipt.number } : {}),
      },
      detail: {
        orderNumber: order.number,
        amount: input.amount,
        refundedOn: input.refundedOn,
        method: input.method,
        reference: input.reference,
        reason: input.reason,
      },
    });
    return { refundId: row!.id, refunded: before + input.amount, left: left - input.amount, receiptVoided };
  });
}
