import { and, eq } from 'drizzle-orm';
import type { I18nText } from '../../../lib/i18n-text';
import type { Executor } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { nextNumber } from '../numbering';
import type { Applicant } from '../applicants';

export interface OrderItemInput {
  kind: string;
  description: I18nText;
  amount: number;
  termStart?: string | null;
  termEnd?: string | null;
}

export type OrderRow = typeof orders.$inferSelect;

/**
 * The order for what an application costs (in the caller's transaction): its items as the server
 * computed them, their sum as the amount, and a number of the year's sequence.
 */
/** An order's number: `O2026-000123`, counted per year. */
export const ORDER_NUMBER = 'O{yyyy}-{seq:6}';

export async function createOrder(
  executor: Executor,
  input: {
    payer: Applicant;
    applicationId: number | null;
    /** The event registration the order pays for, if any. */
    registrationId?: number | null;
    description: I18nText;
    items: OrderItemInput[];
    dueAt: Date;
  },
): Promise<OrderRow> {
  const amount = input.items.reduce((sum, item) => sum + item.amount, 0);
  if (!Number.isInteger(amount) || amount <= 0)
    throw new Error(`an order needs a positive whole amount, not ${amount}`);
  const year = new Date().getUTCFullYear();
  const number = await nextNumber(executor, 'order', ORDER_NUMBER, { year });
  const [order] = await executor
    .insert(orders)
    .values({
      number,
      accountId: input.payer.kind === 'individual' ? input.payer.id : null,
      organisationId: input.payer.kind === 'organ' ? input.payer.id : null,
      applicationId: input.applicationId,
      registrationId: input.registrationId ?? null,
      description: input.description,
      amount,
      dueAt: input.dueAt,
    })
    .returning();
  await executor.insert(orderItems).values(
    input.items.map((item) => ({
      orderId: order!.id,
      kind: item.kind,
      description: item.description,
      amount: item.amount,
      termStart: item.termStart ?? null,
      termEnd: item.termEnd ?? null,
    })),
  );
  return order!;
}

/** Cancels an application's unpaid order (the applicant cancelled, or it expired); a paid one stays. */
export async function closeUnpaidOrder(
  executor: Executor,
  applicationId: number,
  status: 'cancelled' | 'expired',
): Promise<void> {
  await executor
    .update(orders)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(orders.applicationId, applicationId), eq(orders.status, 'pending')));
}
