import { and, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { TradeAnswer } from '../../../lib/payments/methods';
import { paymentAttempts } from '../../db/schema';
import { queryCheckCode, queryCheckValue } from '../../integrations/newebpay/crypto';
import { logger } from '../../logger';
import { runtime } from '../../runtime';
import { type Gateway, gateway, QUERY_VERSION } from './gateway';
import type { GatewayResult } from './newebpay';
import { receiveGatewayResult } from './pay-orders';

/** Attempts older than this are not asked about any more (codes expire within a week). */
const GIVE_UP_MS = 8 * 86_400_000;
const BATCH = 50;

function taiwanTime(value: unknown): Date | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) || value.startsWith('0000'))
    return null;
  return new Date(`${value.replace(' ', 'T')}+08:00`);
}

/** Asks the gateway's trade query about one attempt and checks the answer's CheckCode. */
export async function askGateway(
  gw: Gateway,
  attempt: { merchantOrderNo: string; amount: number },
): Promise<TradeAnswer> {
  const form = new URLSearchParams({
    MerchantID: gw.merchantId,
    Version: QUERY_VERSION,
    RespondType: 'JSON',
    CheckValue: queryCheckValue(
      { amt: attempt.amount, merchantId: gw.merchantId, merchantOrderNo: attempt.merchantOrderNo },
      gw.keys,
    ),
    TimeStamp: String(Math.floor(Date.now() / 1000)),
    MerchantOrderNo: attempt.merchantOrderNo,
    Amt: String(attempt.amount),
  });
  const res = await fetch(gw.queryUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form,
    signal: AbortSignal.timeout(15_000),
  });
  const answer = (await res.json()) as { Status?: unknown; Message?: unknown; Result?: unknown };
  const status = String(answer.Status ?? '');
  const message = String(answer.Message ?? '');
  const r = answer.Result;
  if (status !== 'SUCCESS' || !r || typeof r !== 'object' || Array.isArray(r))
    return {
      status,
      message,
      verified: false,
      tradeStatus: null,
      amount: null,
      paymentType: null,
      paidAt: null,
      tradeNo: null,
    };
  const result = r as Record<string, unknown>;
  const tradeNo = String(result.TradeNo ?? '');
  const expected = queryCheckCode(
    {
      amt: String(result.Amt),
      merchantId: String(result.MerchantID),
      merchantOrderNo: String(result.MerchantOrderNo),
      tradeNo,
    },
    gw.keys,
  );
  const amount = Number(result.Amt);
  return {
    status,
    message,
    verified:
      result.CheckCode === expected &&
      String(result.MerchantID) === gw.merchantId &&
      String(result.MerchantOrderNo) === attempt.merchantOrderNo,
    tradeStatus: Number.isInteger(Number(result.TradeStatus)) ? Number(result.TradeStatus) : null,
    amount: Number.isInteger(amount) ? amount : null,
    paymentType: result.PaymentType ? String(result.PaymentType) : null,
    paidAt: taiwanTime(result.PayTime)?.toISOString() ?? null,
    tradeNo: tradeNo || null,
  };
}

/** A verified answer that says the trade was paid, as a gateway result to apply (else null). */
export function paidResult(gw: Gateway, merchantOrderNo: string, answer: TradeAnswer): GatewayResult | null {
  if (!answer.verified || answer.tradeStatus !== 1 || answer.amount === null) return null;
  return {
    status: 'SUCCESS',
    message: 'query',
    merchantId: gw.merchantId,
    merchantOrderNo,
    amount: answer.amount,
    tradeNo: answer.tradeNo ?? '',
    paymentType: answer.paymentType ?? '',
    paidAt: answer.paidAt ? new Date(answer.paidAt) : null,
    bankCode: null,
    codeNo: null,
    codeExpiresAt: null,
  };
}

/**
 * Reconciliation (DESIGN.md §9): attempts whose notify never came are asked about through the
 * gateway's trade query; a paid one is applied like a notify (once). Answers how many it applied.
 */
export async function reconcilePayments(now = new Date()): Promise<number> {
  const gw = await gateway();
  if (!gw) return 0;
  const rt = await runtime();
  const { db } = rt.database;
  // Attempts this quiet are asked about, each at most this often.
  const quietSince = new Date(now.getTime() - rt.config.PAYMENT_QUERY_AFTER_SECONDS * 1000);
  const due = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        // A cancelled code is asked about too: money paid on it is kept (as surplus), never lost.
        inArray(paymentAttempts.status, ['started', 'codeIssued', 'cancelled']),
        lt(paymentAttempts.createdAt, quietSince),
        gt(paymentAttempts.createdAt, new Date(now.getTime() - GIVE_UP_MS)),
        or(isNull(paymentAttempts.lastQueriedAt), lt(paymentAttempts.lastQueriedAt, quietSince)),
      ),
    )
    .limit(BATCH);
  let applied = 0;
  for (const attempt of due) {
    await db.update(paymentAttempts).set({ lastQueriedAt: now }).where(eq(paymentAttempts.id, attempt.id));
    try {
      const result = paidResult(gw, attempt.merchantOrderNo, await askGateway(gw, attempt));
      if (result && (await receiveGatewayResult('query', result)).outcome === 'applied') applied += 1;
    } catch (error) {
      logger().warn({ err: error, merchantOrderNo: attempt.merchantOrderNo }, 'a trade query failed');
    }
  }
  return applied;
}
