import { and, eq, lt, notExists } from 'drizzle-orm';
import { eventRegistrations, orders } from '../../db/schema';
import { paymentUnderWay } from '../payments/payment-under-way';
import { logger } from '../../logger';
import { runtime } from '../../runtime';
import { mailSite } from '../mail/mail-site';
import { notifyRegistrant, release } from './seats';

/**
 * Expiry (a job, every tick): a registration awaiting payment past its `pay_by` expires through
 * `release`, so its seat goes to the next person waiting (who gets a time to pay of their own) or
 * back to the ticket type; the registrant is told. One with an ATM or store code still payable, or a
 * bank transfer reported, waits as an application does. A payment and the expiry at the same
 * moment cannot both win (both move the registration conditionally, under the order's row lock).
 * Answers how many expired.
 */
export async function expireUnpaidRegistrations(now = new Date()): Promise<number> {
  const { db } = (await runtime()).database;
  const { liveCode, reportedTransfer } = paymentUnderWay(db, eq(orders.registrationId, eventRegistrations.id), now);
  const overdue = await db
    .select({ id: eventRegistrations.id })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.state, 'awaitingPayment'),
        lt(eventRegistrations.payBy, now),
        notExists(liveCode),
        notExists(reportedTransfer),
      ),
    )
    .orderBy(eventRegistrations.payBy);
  if (overdue.length === 0) return 0;
  const site = await mailSite();
  let expired = 0;
  for (const { id } of overdue) {
    try {
      const done = await db.transaction(async (tx) => {
        const reg = await release(tx, id, ['awaitingPayment'], 'expired', site, now);
        if (!reg) return false;
        await notifyRegistrant(tx, reg, 'expired', site);
        return true;
      });
      if (done) expired += 1;
    } catch (error) {
      // One registration that fails does not hold up the others; the next tick tries it again.
      logger().error({ err: error, registrationId: id }, 'expireUnpaidRegistrations: a registration failed');
    }
  }
  return expired;
}
