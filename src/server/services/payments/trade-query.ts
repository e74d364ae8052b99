/**
 * Finance asks the gateway about one payment attempt on demand (DESIGN.md §9, §19): the trade
 * query's answer as the gateway gives it and, when it says paid (verified by its CheckCode) and the
 * portal has not recorded the money, the money applied through the one path every gateway
 * message takes (`receiveGatewayResult`: once per attempt and trade, amounts from the gateway's
 * verified answer checked against the order). Every query is audited (`payment.tradeQueried`);
 * one that records money audits in the same transaction, with the order before and after.
 */
import { eq } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import type { Actor } from '../../auth/sessions';
import { orders, paymentAttempts } from '../../db/schema';
import { AppError } from '../../app-error';
import { logger } from '../../logger';
import { runtime } from '../../runtime';
import { type AuditEntry, recordAudit } from '../accounts/audit';
import { gateway } from './gateway';
import { receiveGatewayResult } from './pay-orders';
import type { TradeAnswer } from '../../../lib/payments/methods';
import { askGateway, paidResult } from './reconcile';
import { requireFinance } from './remittances';

/**
 * What the query did: `applied` (the order is now paid), `surplus` (the money was recorded but not
 * applied: the order was paid or closed, another amount, a cancelled code), `recorded` (the portal
 * already had this money: nothing changed), `notPaid` (the gateway says it was not paid),
 * `unverified` (the answer failed its check or the gateway refused the query: nothing changed).
 */
export type TradeQueryOutcome = 'applied' | 'surplus' | 'recorded' | 'notPaid' | 'unverified';

export interface TradeQueryResult {
  merchantOrderNo: string;
  orderNumber: string;
  answer: TradeAnswer;
  outcome: TradeQueryOutcome;
  /** The order's status after the query. */
  orderStatus: string;
}

const unreachable = () =>
  new AppError(ErrorCode.DATA_CHECK, { reason: 'gatewayUnreachable' }, { key: 'gatewayUnreachable' });

export async function queryTradeForFinance(
  actor: Actor,
  input: { merchantOrderNo: string },
  ip: string,
): Promise<TradeQueryResult> {
  requireFinance(actor);
  const { db } = (await runtime()).database;
  const [found] = await db
    .select({ attempt: paymentAttempts, order: orders })
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
    .where(eq(paymentAttempts.merchantOrderNo, input.merchantOrderNo));
  if (!found) throw new AppError(ErrorCode.NO_DATA);
  const { attempt, order } = found;
  const gw = await gateway();
  if (!gw) throw unreachable();
  let answer: TradeAnswer;
  try {
    answer = await askGateway(gw, attempt);
  } catch (error) {
    logger().warn({ err: error, merchantOrderNo: attempt.merchantOrderNo }, 'a trade query failed');
    throw unreachable();
  }
  await db.update(paymentAttempts).set({ lastQueriedAt: new Date() }).where(eq(paymentAttempts.id, attempt.id));

  const entry = (outcome: TradeQueryOutcome, after: Record<string, unknown> | null): AuditEntry => ({
    actor: { userType: 'individual', accountId: actor.accountId },
    action: 'payment.tradeQueried',
    ip,
    target: { type: 'order', id: order.id },
    before: after ? { orderStatus: order.status } : null,
    after,
    detail: { orderNumber: order.number, merchantOrderNo: attempt.merchantOrderNo, outcome, answer: { ...answer } },
  });
  const result = paidResult(gw, attempt.merchantOrderNo, answer);
  let outcome: TradeQueryOutcome = answer.verified ? 'notPaid' : 'unverified';
  if (result) {
    const received = await receiveGatewayResult('query', result, async (tx, recorded) => {
      await recordAudit(
        tx,
        entry(recorded, {
          orderStatus: recorded === 'applied' ? 'paid' : order.status,
          ...(recorded === 'applied' ? { paidAmount: result.amount } : { surplusAmount: result.amount }),
        }),
      );
    });
    if (received.outcome === 'applied' || received.outcome === 'surplus') outcome = received.outcome;
    else outcome = 'recorded';
  }
  // A query that recorded nothing is audited on its own: who asked, and what the gateway said.
  if (outcome !== 'applied' && outcome !== 'surplus') await recordAudit(db, entry(outcome, null));
  const [now] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
  return {
    merchantOrderNo: attempt.merchantOrderNo,
    orderNumber: order.number,
    answer,
    outcome,
    orderStatus: now?.status ?? order.status,
  };
}
