import { isApplicant } from '../applicants';
import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import { addDays, minDate, taipeiDate } from '../../../lib/calendar-date';
import { ErrorCode } from '../../../lib/error-codes';
import { GATEWAY_PATHS } from '../../../lib/gateway-paths';
import { byGateway, type GatewayMethod } from '../../../lib/payments/methods';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { localePath } from '../../../lib/paths';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { applicationResultPath } from '../../../lib/applications/result-path';
import { isLocale } from '../../../lib/locales';
import {
  accounts,
  applications,
  gatewayMessages,
  orders,
  organisations,
  paymentAttempts,
  payments,
} from '../../db/schema';
import { enqueueMail } from '../../integrations/mail/outbox';
import { paymentCodeNotice } from '../../integrations/mail/templates';
import { AppError } from '../../app-error';
import { logger } from '../../logger';
import { runtime } from '../../runtime';
import {
  type ApplicationRow,
  applicationContext,
  type Mover,
  type NoticeContext,
  SYSTEM,
  settlePaid,
} from '../membership/applications';
import { mailSite, type MailSite } from '../mail/mail-site';
import { confirmPaidRegistration } from '../registrations/seats';
import { effectsOf } from '../membership/effects';
import { nextNumber } from '../numbering';
import { mailOrigin } from '../site/site-origin';
import { gateway } from './gateway';
import { paymentMethods, paymentWays } from './payment-ways';
import { type GatewayResult, type MpgForm, mpgForm, readGatewayPost } from './newebpay';

/** Days an ATM or store code stays payable at most (never past the order's due date). */
const CODE_DAYS = 7;

const notPayable = () => new AppError(ErrorCode.DATA_CHECK, { reason: 'orderNotPayable' }, { key: 'orderNotPayable' });

const codeOpen = () => new AppError(ErrorCode.DATA_CHECK, { reason: 'codeOpen' }, { key: 'codeOpen' });

/** The order's ATM or store codes that may still be paid (issued, not cancelled, not past their expiry). */
export function openCodesWhere(orderId: number) {
  return and(
    eq(paymentAttempts.orderId, orderId),
    eq(paymentAttempts.status, 'codeIssued'),
    gt(paymentAttempts.codeExpiresAt, new Date()),
  );
}

/**
 * A new attempt to pay one of the member's own pending orders through the gateway: a new
 * `MerchantOrderNo`, the amount from the order (never from the browser), and the form to post.
 * Over `newebpayTradeLimit`, or without a gateway, only bank remittance is offered (-10
 * `remittanceOnly`); a `method` the portal does not take for the order is refused (-10
 * `methodUnavailable`, with the methods it takes), and one it takes is the only one the gateway's
 * page offers. Presses
 * at the same moment each get an attempt of their own (numbered under the order's row lock).
 * While an ATM or store code for the order may still be paid, paying again would pay twice: it is
 * refused (-10 `codeOpen`) unless the payer chose to cancel the code (`cancelCode`), which voids it
 * in the same transaction (money that still arrives on it is kept as surplus, never lost).
 */
export async function startGatewayPayment(
  actor: Actor,
  orderId: number,
  locale: Locale,
  { cancelCode = false, method }: { cancelCode?: boolean; method?: GatewayMethod | undefined } = {},
): Promise<MpgForm> {
  const rt = await runtime();
  const { db } = rt.database;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || !isApplicant(actor, order)) throw new AppError(ErrorCode.NO_DATA);
  if (order.status !== 'pending' || (order.dueAt && order.dueAt < new Date())) throw notPayable();
  const gw = await gateway();
  const methods = paymentMethods(await paymentWays(locale), order.amount);
  if (method && !methods.includes(method))
    throw new AppError(ErrorCode.DATA_CHECK, { reason: 'methodUnavailable', methods }, { key: 'methodUnavailable' });
  if (!gw || !byGateway(methods))
    throw new AppError(ErrorCode.DATA_CHECK, { reason: 'remittanceOnly', methods }, { key: 'remittanceOnly' });
  const origin = await mailOrigin();
  const today = taipeiDate();
  const lastDay = order.dueAt ? minDate(addDays(today, CODE_DAYS), taipeiDate(order.dueAt)) : addDays(today, CODE_DAYS);
  const attempt = await db.transaction(async (tx) => {
    // The order's row lock orders presses at the same moment (two tabs, a double click): each
    // counts the attempts after the one before it committed, so each gets a number of its own.
    const [locked] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, order.id))
      .for('update');
    if (locked?.status !== 'pending') throw notPayable();
    const open = openCodesWhere(order.id);
    const [openCode] = await tx.select({ id: paymentAttempts.id }).from(paymentAttempts).where(open).limit(1);
    if (openCode && !cancelCode) throw codeOpen();
    if (openCode) await tx.update(paymentAttempts).set({ status: 'cancelled', updatedAt: new Date() }).where(open);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, order.id));
    const [row] = await tx
      .insert(paymentAttempts)
      .values({ orderId: order.id, merchantOrderNo: `${order.number.replace('-', '')}_${n + 1}`, amount: order.amount })
      .returning();
    return row!;
  });
  const form = mpgForm(gw, {
    merchantOrderNo: attempt.merchantOrderNo,
    amount: attempt.amount,
    itemDesc: pickText(order.description, locale),
    email: actor.account.email,
    locale,
    notifyUrl: origin + GATEWAY_PATHS.notify,
    returnUrl: `${origin}${GATEWAY_PATHS.return}?lang=${locale}`,
    customerUrl: `${origin}${GATEWAY_PATHS.customer}?lang=${locale}`,
    clientBackUrl: origin + localePath(actor.userType === 'organ' ? '/organ/center' : '/member/payment', locale),
    expireDate: lastDay,
    now: new Date(),
    methods: method ? [method] : methods.filter((m): m is GatewayMethod => m !== 'transfer'),
  });
  // The simulator is a page of this site: in the payer's language.
  return gw.simulated ? { ...form, action: localePath(form.action, locale) } : form;
}

export type GatewayPostKind = 'notify' | 'return' | 'customer' | 'query';

/** What a gateway post did: to log, to answer, and to send the browser on. */
export interface GatewayOutcome {
  outcome: 'applied' | 'duplicate' | 'surplus' | 'codeIssued' | 'failed';
  orderId: number;
  applicationId: number | null;
  /** The attempt the post was about, so the page the browser lands on shows that one. */
  merchantOrderNo: string;
}

async function logMessage(
  kind: GatewayPostKind,
  merchantOrderNo: string | null,
  verified: boolean,
  outcome: string,
  result?: GatewayResult,
) {
  const { db } = (await runtime()).database;
  await db.insert(gatewayMessages).values({
    kind,
    merchantOrderNo,
    verified,
    outcome,
    result: result
      ? {
          ...result,
          paidAt: result.paidAt?.toISOString() ?? null,
          codeExpiresAt: result.codeExpiresAt?.toISOString() ?? null,
        }
      : null,
  });
}

const refused = () => new AppError(ErrorCode.DATA_CHECK, { reason: 'gatewayRefused' }, { key: 'gatewayRefused' });

/**
 * A post from the gateway (the notify, the browser's return, the code issued for ATM or a store)
 * or a trade query's answer: verified and matched by order number, amount and merchant, then
 * applied exactly once however often and in whatever order they arrive. Anything that fails
 * verification or does not match changes nothing and answers -10; every post is logged.
 */
export async function receiveGatewayPost(
  kind: GatewayPostKind,
  post: Record<string, unknown>,
): Promise<GatewayOutcome> {
  const gw = await gateway();
  const result = gw ? readGatewayPost(gw, post) : null;
  if (!result) {
    await logMessage(kind, null, false, 'refused');
    logger().warn({ kind }, 'a gateway post failed verification');
    throw refused();
  }
  return receiveGatewayResult(kind, result);
}

/** Called in the transaction that records money (applied or kept as surplus): finance's trade query audits there. */
export type OnRecorded = (tx: Executor, outcome: 'applied' | 'surplus') => Promise<void>;

/**
 * A verified result (from a post, or from the trade query): matched to its attempt and applied once.
 * `onRecorded` runs in the transaction that records the money, when this result is the one that does.
 */
export async function receiveGatewayResult(
  kind: GatewayPostKind,
  result: GatewayResult,
  onRecorded?: OnRecorded,
): Promise<GatewayOutcome> {
  const { db } = (await runtime()).database;
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.merchantOrderNo, result.merchantOrderNo));
  const [order] = attempt ? await db.select().from(orders).where(eq(orders.id, attempt.orderId)) : [];
  if (!attempt || !order) {
    // Not an attempt of ours: nothing to attach it to (it stays in gateway_messages).
    await logMessage(kind, result.merchantOrderNo, true, 'unknownOrder', result);
    throw refused();
  }
  const base = { orderId: order.id, applicationId: order.applicationId, merchantOrderNo: attempt.merchantOrderNo };
  if (attempt.status === 'cancelled' && result.status === 'SUCCESS' && kind !== 'customer') {
    // Money paid on a code the payer cancelled (to pay another way): never applied to the order,
    // but kept as surplus for the finance office to refund or apply, as any money not applied.
    const kept = await applyPayment(attempt.id, order.id, order.applicationId, result, kind, {
      unapplied: true,
      onRecorded,
    });
    await logMessage(kind, result.merchantOrderNo, true, kept === 'duplicate' ? 'duplicate' : 'codeCancelled', result);
    return { outcome: kept === 'duplicate' ? 'duplicate' : 'surplus', ...base };
  }
  if (attempt.amount !== result.amount || order.amount !== result.amount) {
    // The gateway, verified, reports another amount than the order's. Paid money is never applied
    // to the order, but kept as surplus for the finance office to refund or apply elsewhere.
    if (result.status !== 'SUCCESS' || kind === 'customer') {
      await logMessage(kind, result.merchantOrderNo, true, 'amountMismatch', result);
      throw refused();
    }
    const kept = await applyPayment(attempt.id, order.id, order.applicationId, result, kind, {
      unapplied: true,
      onRecorded,
    });
    await logMessage(kind, result.merchantOrderNo, true, kept === 'duplicate' ? 'duplicate' : 'amountMismatch', result);
    return { outcome: kept === 'duplicate' ? 'duplicate' : 'surplus', ...base };
  }

  if (result.status !== 'SUCCESS') {
    await db
      .update(paymentAttempts)
      .set({ status: 'failed', failure: result.message.slice(0, 200), updatedAt: new Date() })
      .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'started')));
    await logMessage(kind, result.merchantOrderNo, true, 'failed', result);
    return { outcome: 'failed', ...base };
  }
  if (kind === 'customer') {
    // The code to pay at an ATM or a store: shown wherever the order is until the later notify
    // says it was paid, and mailed to the payer (once: only the post that records it).
    const notice = result.codeNo && result.codeExpiresAt ? await codeNotice(order, result) : null;
    await db.transaction(async (tx) => {
      const [issued] = await tx
        .update(paymentAttempts)
        .set({
          status: 'codeIssued',
          paymentType: result.paymentType,
          tradeNo: result.tradeNo || null,
          bankCode: result.bankCode,
          codeNo: result.codeNo,
          codeExpiresAt: result.codeExpiresAt,
          updatedAt: new Date(),
        })
        .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'started')))
        .returning({ id: paymentAttempts.id });
      if (issued && notice)
        await enqueueMail(tx, notice.message, { kind: 'payment.codeIssued', eraseAfter: notice.eraseAfter });
    });
    await logMessage(kind, result.merchantOrderNo, true, 'codeIssued', result);
    return { outcome: 'codeIssued', ...base };
  }

  const outcome = await applyPayment(attempt.id, order.id, order.applicationId, result, kind, { onRecorded });
  await logMessage(kind, result.merchantOrderNo, true, outcome, result);
  return { outcome, ...base };
}

/**
 * The mail that gives the payer (a member, or an organisation for its course) an ATM account or a
 * store code: in the payer's language, with the amount, the code and its deadline, and a link to
 * where the order is shown. Read before the transaction (the embedded database has one connection).
 */
async function codeNotice(order: typeof orders.$inferSelect, result: GatewayResult) {
  const { db } = (await runtime()).database;
  const [payer] = await db
    .select({
      email: sql<string>`coalesce(${accounts.email}, ${organisations.email})`,
      nameZh: sql<string>`coalesce(${accounts.nameZh}, ${organisations.name})`,
      nameEn: sql<string>`coalesce(${accounts.nameEn}, ${organisations.nameEn})`,
      preferredLocale: sql<string>`coalesce(${accounts.preferredLocale}, ${organisations.preferredLocale})`,
      application: { id: applications.id, type: applications.type, form: applications.form },
    })
    .from(orders)
    .leftJoin(accounts, eq(accounts.id, orders.accountId))
    .leftJoin(organisations, eq(organisations.id, orders.organisationId))
    .leftJoin(applications, eq(applications.id, orders.applicationId))
    .where(eq(orders.id, order.id));
  if (!payer?.email) return null;
  const site = await mailSite();
  const locale: Locale = isLocale(payer.preferredLocale) ? payer.preferredLocale : 'zh-tw';
  const expiresAt = result.codeExpiresAt!;
  const mail = paymentCodeNotice({
    siteName: site.siteName[locale],
    locale,
    name: locale === 'en-us' && payer.nameEn ? payer.nameEn : payer.nameZh,
    orderNumber: order.number,
    what: pickText(order.description, locale),
    amount: order.amount,
    bankCode: result.bankCode,
    codeNo: result.codeNo!,
    expiresAt,
    // A member finds it on the payments page, an organisation on its course's page.
    url:
      site.origin +
      (order.organisationId !== null && payer.application?.id
        ? applicationResultPath(payer.application, locale)
        : localePath('/member/payment', locale)),
  });
  return {
    message: { to: payer.email, ...mail, locale },
    eraseAfter: new Date(expiresAt.getTime() + 30 * 86_400_000),
  };
}

/**
 * Records the money of one attempt once (a unique row per attempt and per gateway trade) and, if
 * the order was still pending, pays it (`receiveMoney`). Money for an order already paid (a second
 * tab) is kept as surplus to refund, and so is money of another amount than the order's
 * (`unapplied`), without touching the order.
 */
async function applyPayment(
  attemptId: number,
  orderId: number,
  applicationId: number | null,
  result: GatewayResult,
  source: GatewayPostKind,
  { unapplied = false, onRecorded }: { unapplied?: boolean; onRecorded?: OnRecorded | undefined } = {},
): Promise<'applied' | 'duplicate' | 'surplus'> {
  const { db } = (await runtime()).database;
  const [already] = await db.select({ id: payments.id }).from(payments).where(eq(payments.attemptId, attemptId));
  if (already) return 'duplicate';
  const settle = unapplied ? null : await settlementFor(applicationId);
  const paidAt = result.paidAt ?? new Date();
  try {
    return await db.transaction(async (tx) => {
      const payment = {
        orderId,
        attemptId,
        amount: result.amount,
        method: result.paymentType || 'UNKNOWN',
        tradeNo: result.tradeNo || null,
        source,
        paidAt,
      };
      let outcome: 'applied' | 'surplus' = 'surplus';
      if (settle) outcome = await receiveMoney(tx, payment, settle);
      else await tx.insert(payments).values({ ...payment, surplus: true });
      // A cancelled code stays cancelled: its money is surplus, and the order's pages say why.
      await tx
        .update(paymentAttempts)
        .set({
          status: 'paid',
          paymentType: result.paymentType,
          tradeNo: result.tradeNo || null,
          updatedAt: new Date(),
        })
        .where(and(eq(paymentAttempts.id, attemptId), ne(paymentAttempts.status, 'cancelled')));
      await onRecorded?.(tx, outcome);
      return outcome;
    });
  } catch (error) {
    // The same attempt or trade reported twice at once: the other report applied it.
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}

/** What paying an order's application needs, read before the transaction (the embedded database has one connection). */
export interface Settlement {
  app: ApplicationRow | null;
  ctx: NoticeContext | null;
  /** What the mail of a registration the money confirms names (its ticket). */
  site: MailSite;
}

export async function settlementFor(applicationId: number | null): Promise<Settlement> {
  const { db } = (await runtime()).database;
  const [app] = applicationId ? await db.select().from(applications).where(eq(applications.id, applicationId)) : [];
  return { app: app ?? null, ctx: app ? await applicationContext(db, app) : null, site: await mailSite() };
}

/**
 * The one way money is applied to an order, by the gateway or a confirmed remittance, in the
 * caller's transaction: the payment row, and if the order was still pending (a conditional update,
 * so of two at once one counts) the order paid with its receipt number and its application paid
 * and in effect (`settlePaid`, moved as `by`), or its event registration confirmed and its ticket
 * mailed (once, from awaiting payment). Money for an order no longer pending is surplus.
 */
export async function receiveMoney(
  tx: Executor,
  payment: Omit<typeof payments.$inferInsert, 'surplus'> & { orderId: number; paidAt: Date },
  { app, ctx, site }: Settlement,
  by: Mover = SYSTEM,
): Promise<'applied' | 'surplus'> {
  const counted = await tx
    .update(orders)
    .set({ status: 'paid', paidAt: payment.paidAt, updatedAt: new Date() })
    .where(and(eq(orders.id, payment.orderId), eq(orders.status, 'pending')))
    .returning({ id: orders.id, registrationId: orders.registrationId });
  await tx.insert(payments).values({ ...payment, surplus: counted.length === 0 });
  if (counted.length === 0) return 'surplus';
  const receiptNo = await nextNumber(tx, 'receipt', 'R{yyyy}-{seq:6}', {
    year: Number(taipeiDate(payment.paidAt).slice(0, 4)),
  });
  await tx.update(orders).set({ receiptNo }).where(eq(orders.id, payment.orderId));
  if (app && ctx) {
    const [current] = await tx.select().from(applications).where(eq(applications.id, app.id));
    if (current?.state === 'awaitingPayment') await settlePaid(tx, current, ctx, effectsOf(current.type), by);
  }
  const registrationId = counted[0]!.registrationId;
  if (registrationId !== null) await confirmPaidRegistration(tx, registrationId, site, payment.paidAt);
  return 'applied';
}
