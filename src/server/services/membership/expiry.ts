import { and, eq, inArray, lt, notExists } from 'drizzle-orm';
import { applications, orders } from '../../db/schema';
import { paymentUnderWay } from '../payments/payment-under-way';
import { runtime } from '../../runtime';
import { eachApplication, expireApplication } from './applications';

/**
 * Expiry (a job): an application waiting for payment, or returned for changes, whose `dueAt` has
 * passed expires (`expireApplication`: its unpaid order closed as expired, its review item
 * withdrawn, the applicant told). One with an ATM or store code still payable waits until the code
 * has expired, so a member who pays on the code's last day is not refused; one with a bank transfer
 * reported waits for finance's decision (after a rejection it expires at the next tick). A payment and the
 * expiry at the same moment cannot both win (see `closeApplication`); money that arrives after
 * the expiry is kept as surplus to refund, as for any closed order. Answers how many expired.
 */
export async function expireOverdueApplications(now = new Date()): Promise<number> {
  const { db } = (await runtime()).database;
  const { liveCode, reportedTransfer } = paymentUnderWay(db, eq(orders.applicationId, applications.id), now);
  const overdue = await db
    .select()
    .from(applications)
    .where(
      and(
        inArray(applications.state, ['awaitingPayment', 'returned']),
        lt(applications.dueAt, now),
        notExists(liveCode),
        notExists(reportedTransfer),
      ),
    );
  return eachApplication(overdue, 'expireOverdueApplications', (tx, app, ctx) => expireApplication(tx, app, ctx));
}
