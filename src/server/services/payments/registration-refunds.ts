/**
 * The refunds owed on cancelled event registrations (decision record 041, "Cancellation"): a paid
 * registration cancelled records its refund due (`event_registrations.refund_due`); finance sees
 * each whose refunds recorded on its order (`recordRefund`, decision record 021) have not reached
 * it, oldest cancellation first, and records the refund on the order. One statement.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { personName } from '../../../lib/validators/name';
import type { Actor } from '../../auth/sessions';
import { accounts, eventRegistrations, events, orders } from '../../db/schema';
import { runtime } from '../../runtime';
import { requireFinance } from './remittances';

export interface RegistrationRefundDue {
  registrationId: number;
  number: string;
  event: string;
  name: string;
  email: string | null;
  orderId: number;
  orderNumber: string;
  paid: number;
  refundDue: number;
  refunded: number;
  cancelledAt: string;
}

/** The cancelled registrations whose refund due is more than what their order's refunds have given back. */
export async function listRegistrationRefundsDue(actor: Actor, locale: Locale): Promise<RegistrationRefundDue[]> {
  requireFinance(actor);
  const { db } = (await runtime()).database;
  const refunded = sql<number>`(SELECT coalesce(sum(f.amount), 0) FROM refunds f WHERE f.order_id = ${orders.id})`;
  const rows = await db
    .select({
      registrationId: eventRegistrations.id,
      number: eventRegistrations.number,
      title: events.title,
      nameZh: accounts.nameZh,
      nameEn: accounts.nameEn,
      email: accounts.email,
      orderId: orders.id,
      orderNumber: orders.number,
      paid: eventRegistrations.price,
      refundDue: eventRegistrations.refundDue,
      refunded: refunded.mapWith(Number),
      cancelledAt: eventRegistrations.cancelledAt,
    })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .innerJoin(accounts, eq(accounts.id, eventRegistrations.accountId))
    .innerJoin(orders, and(eq(orders.registrationId, eventRegistrations.id), eq(orders.status, 'paid')))
    .where(
      and(
        gt(eventRegistrations.refundDue, 0),
        eq(eventRegistrations.state, 'cancelled'),
        sql`${eventRegistrations.refundDue} > ${refunded}`,
      ),
    )
    .orderBy(asc(eventRegistrations.cancelledAt), asc(eventRegistrations.id));
  return rows.map((r) => ({
    registrationId: r.registrationId,
    number: r.number,
    event: pickText(r.title, locale),
    name: personName({ nameZh: r.nameZh, nameEn: r.nameEn }, locale),
    email: r.email,
    orderId: r.orderId,
    orderNumber: r.orderNumber,
    paid: r.paid,
    refundDue: r.refundDue ?? 0,
    refunded: r.refunded,
    cancelledAt: r.cancelledAt!.toISOString(),
  }));
}
