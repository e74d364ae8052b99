import { and, eq, gt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders, paymentAttempts, remittances } from '../../db/schema';

/**
 * For an expiry's `notExists`: the orders matched by `orderMatch` (the outer row's order) with an
 * ATM or store code still payable at `now`, and those with a bank transfer reported and not yet
 * decided. What waits on either is not expired yet, so a payer on the code's last day is not refused.
 */
export function paymentUnderWay(executor: Executor, orderMatch: SQL, now: Date) {
  return {
    liveCode: executor
      .select({ id: paymentAttempts.id })
      .from(paymentAttempts)
      .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
      .where(and(orderMatch, eq(paymentAttempts.status, 'codeIssued'), gt(paymentAttempts.codeExpiresAt, now))),
    reportedTransfer: executor
      .select({ id: remittances.id })
      .from(remittances)
      .innerJoin(orders, eq(orders.id, remittances.orderId))
      .where(and(orderMatch, eq(remittances.status, 'reported'))),
  };
}
