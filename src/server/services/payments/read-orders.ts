import { desc, eq } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import type { Actor } from '../../auth/sessions';
import { orders, paymentAttempts } from '../../db/schema';
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
