import { desc, eq, inArray } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import { pickText } from '../../../lib/i18n-text';
import type { Actor } from '../../auth/sessions';
import { orders, paymentAttempts, payments } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { runtime } from '../../runtime';

/**
 * One of the member's own orders with its latest gateway attempt (paid, a code to pay, failed,
 * or still waiting for the gateway), for the page the browser lands on after the gateway.
 * Another's order answers -6, as an unknown one does.
 */
export async function getOwnOrderWithAttempt(actor: Actor, orderId: number) {
  const { db } = (await runtime()).database;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.accountId !== actor.accountId) throw new AppError(ErrorCode.NO_DATA);
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, order.id))
    .orderBy(desc(paymentAttempts.id))
    .limit(1);
  return {
    orderId: order.id,
    number: order.number,
    amount: order.amount,
    status: order.status,
    receiptNo: order.receiptNo,
    applicationId: order.applicationId,
    attempt: attempt
      ? {
          status: attempt.status,
          paymentType: attempt.paymentType,
          bankCode: attempt.bankCode,
          codeNo: attempt.codeNo,
          codeExpiresAt: attempt.codeExpiresAt?.toISOString() ?? null,
        }
      : null,
  };
}

/**
 * The member's orders, newest first, each with what was received for it (/member/payment): what
 * is due (pending, with its deadline), what was paid (with the receipt number), what lapsed.
 */
export async function listOwnOrders(actor: Actor, locale: 'zh-tw' | 'en-us') {
  const { db } = (await runtime()).database;
  const rows = await db.select().from(orders).where(eq(orders.accountId, actor.accountId)).orderBy(desc(orders.id));
  const received =
    rows.length === 0
      ? []
      : await db
          .select({
            orderId: payments.orderId,
            method: payments.method,
            amount: payments.amount,
            paidAt: payments.paidAt,
            surplus: payments.surplus,
          })
          .from(payments)
          .where(
            inArray(
              payments.orderId,
              rows.map((o) => o.id),
            ),
          );
  return rows.map((order) => ({
    orderId: order.id,
    number: order.number,
    description: pickText(order.description, locale),
    amount: order.amount,
    status: order.status,
    dueAt: order.dueAt?.toISOString() ?? null,
    paidAt: order.paidAt?.toISOString() ?? null,
    receiptNo: order.receiptNo,
    applicationId: order.applicationId,
    payments: received
      .filter((p) => p.orderId === order.id)
      .map((p) => ({ method: p.method, amount: p.amount, paidAt: p.paidAt.toISOString(), surplus: p.surplus })),
  }));
}
