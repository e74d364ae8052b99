/**
 * Finance voids a paid order's receipt with a reason (DESIGN.md §9, §19): the issued receipt (issued
 * now if the payer never downloaded it, so its number and facts are fixed) is revoked once, with the
 * reason, which its /verify page then states; the payer can no longer download it. Audited. A voided
 * receipt may be re-issued: the order gets a new receipt number, the voided one stays voided.
 */
import { and, eq, isNull, sql, sum } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import { taipeiDate } from '../../../lib/calendar-date';
import type { ReceiptFacts } from '../../../lib/documents/facts';
import { parseVerifyCode } from '../../../lib/documents/verify-code';
import type { Locale } from '../../../lib/locales';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import { accounts, issuedDocuments, orders, organisations, payments, refunds } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { recordAudit } from '../accounts/audit';
import { type DocumentFile, documentFile, issueReceipt } from '../documents/own-documents';
import { nextNumber } from '../numbering';
import { requireFinance } from './remittances';

const voided = () => new AppError(ErrorCode.DATA_CHECK, { reason: 'receiptVoided' }, { key: 'receiptVoided' });

/** An order with its payer's names as a receipt states them: -6 for an unknown order. */
async function orderWithPayer(db: Executor, orderId: number) {
  const [found] = await db
    .select({
      order: orders,
      nameZh: sql<string>`coalesce(${accounts.nameZh}, ${organisations.name})`,
      nameEn: sql<string>`coalesce(${accounts.nameEn}, ${organisations.nameEn})`,
      taxId: organisations.taxId,
    })
    .from(orders)
    .leftJoin(accounts, eq(accounts.id, orders.accountId))
    .leftJoin(organisations, eq(organisations.id, orders.organisationId))
    .where(eq(orders.id, orderId));
  if (!found) throw new AppError(ErrorCode.NO_DATA);
  return found;
}

/**
 * A paid order's receipt as issued (issued now if the payer never downloaded it, so its number
 * and facts are fixed). -6 for an unknown order or one without a receipt.
 */
export async function fixedReceipt(db: Executor, orderId: number, payer?: ReceiptPayer) {
  const found = await orderWithPayer(db, orderId);
  const receipt = await issueReceipt(
    db,
    found.order,
    payer ?? {
      nameZh: found.nameZh,
      nameEn: found.nameEn,
      ...(found.taxId !== null ? { taxId: found.taxId } : {}),
    },
  );
  return { order: found.order, receipt };
}

/** Who a receipt is made out to: the payer's title in Chinese and English, and a business number (統一編號) where there is one. */
export interface ReceiptPayer {
  nameZh: string;
  nameEn: string;
  taxId?: string;
}

/** Revokes an issued receipt with `reason` in the caller's transaction: false when it was revoked already. */
export async function revokeReceipt(tx: Executor, receiptId: number, reason: string, now: Date): Promise<boolean> {
  const moved = await tx
    .update(issuedDocuments)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(issuedDocuments.id, receiptId), isNull(issuedDocuments.revokedAt)))
    .returning({ id: issuedDocuments.id });
  return moved.length > 0;
}

/** Nobody voids or re-issues the receipt of their own money: another finance account does (-11). */
function refuseOwn(actor: Actor, order: { accountId: number | null; organisationId: number | null }) {
  if (order.organisationId === null && order.accountId === actor.accountId)
    throw new AppError(ErrorCode.NO_PERMISSION, null, { key: 'receiptOwn' });
}

export async function voidReceipt(
  actor: Actor,
  input: { orderId: number; reason: string },
  ip: string,
): Promise<{ receiptNo: string; verifyCode: string; voidedAt: string }> {
  requireFinance(actor);
  const { db } = (await runtime()).database;
  const { order, receipt } = await fixedReceipt(db, input.orderId);
  refuseOwn(actor, order);
  if (receipt.revokedAt) throw voided();
  const now = new Date();
  await db.transaction(async (tx) => {
    if (!(await revokeReceipt(tx, receipt.id, input.reason, now))) throw voided();
    await recordAudit(tx, {
      actor: { userType: 'individual', accountId: actor.accountId },
      action: 'receipt.voided',
      ip,
      target: { type: 'order', id: order.id },
      before: { receiptNo: receipt.number, voided: false },
      after: { receiptNo: receipt.number, voided: true, reason: input.reason },
      detail: { orderNumber: order.number },
    });
  });
  return { receiptNo: receipt.number, verifyCode: receipt.verifyCode, voidedAt: now.toISOString() };
}

const notVoided = () => new AppError(ErrorCode.DATA_CHECK, { reason: 'receiptNotVoided' }, { key: 'receiptNotVoided' });

/**
 * A new receipt for a paid order whose receipt was voided: a new number of this year's sequence
 * on the order (the voided receipt keeps its number, its revocation and its /verify page, which
 * names the new one), issued at once with today's facts. A receipt is voided mostly to correct
 * whom it is made out to: `payer` (the title in Chinese and English, and a business number whose
 * checksum the schema checked) replaces the names the voided one stated; without it the payer's
 * names as the account has them now. Refused (-10 `receiptNotVoided`) while the order's receipt stands, so
 * a second press finds the new one standing and issues nothing, and for money refunded in full
 * (-10 `receiptRefunded`). Audited (`receipt.reissued`).
 */
export async function reissueReceipt(
  actor: Actor,
  input: { orderId: number; payer?: ReceiptPayer | undefined },
  ip: string,
): Promise<{ receiptNo: string; verifyCode: string; previousReceiptNo: string }> {
  requireFinance(actor);
  const { db } = (await runtime()).database;
  const { order, receipt } = await fixedReceipt(db, input.orderId);
  refuseOwn(actor, order);
  if (!receipt.revokedAt) throw notVoided();
  const receiptNo = await db.transaction(async (tx) => {
    // The order's row lock orders presses at the same moment: the second finds the new number.
    const [locked] = await tx
      .select({ receiptNo: orders.receiptNo, status: orders.status })
      .from(orders)
      .where(eq(orders.id, order.id))
      .for('update');
    if (locked?.receiptNo !== receipt.number || locked.status !== 'paid') throw notVoided();
    // Money given back in full has no receipt to re-issue: counted under the payments' row locks,
    // which a refund takes too, so a refund recorded at the same moment is seen or waits.
    await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.surplus, false)))
      .for('update');
    const [paid] = await tx
      .select({ amount: payments.amount, refunded: sum(refunds.amount) })
      .from(payments)
      .leftJoin(refunds, eq(refunds.paymentId, payments.id))
      .where(and(eq(payments.orderId, order.id), eq(payments.surplus, false)))
      .groupBy(payments.id);
    if (paid && Number(paid.refunded ?? 0) >= paid.amount)
      throw new AppError(ErrorCode.DATA_CHECK, { reason: 'receiptRefunded' }, { key: 'receiptRefunded' });
    const next = await nextNumber(tx, 'receipt', 'R{yyyy}-{seq:6}', { year: Number(taipeiDate().slice(0, 4)) });
    await tx.update(orders).set({ receiptNo: next, updatedAt: new Date() }).where(eq(orders.id, order.id));
    await recordAudit(tx, {
      actor: { userType: 'individual', accountId: actor.accountId },
      action: 'receipt.reissued',
      ip,
      target: { type: 'order', id: order.id },
      before: { receiptNo: receipt.number, voided: true, payer: receiptPayerOf(receipt.facts) },
      after: { receiptNo: next, voided: false, ...(input.payer ? { payer: input.payer } : {}) },
      detail: { orderNumber: order.number },
    });
    return next;
  });
  // Issued now (outside the transaction: the embedded database has one connection), with the facts of today.
  const issued = await fixedReceipt(db, order.id, input.payer);
  return { receiptNo, verifyCode: issued.receipt.verifyCode, previousReceiptNo: receipt.number };
}

/** Whom an issued receipt is made out to, as its facts state it (for the audit's before). */
function receiptPayerOf(facts: unknown): ReceiptPayer {
  const f = facts as Partial<ReceiptFacts>;
  return {
    nameZh: f.payer?.nameZh ?? '',
    nameEn: f.payer?.nameEn ?? '',
    ...(f.payerTaxId ? { taxId: f.payerTaxId } : {}),
  };
}

/**
 * Any receipt the portal issued, by its verification code, as a PDF for finance: a voided one too,
 * stamped VOID with when and why (the payer can no longer download it). -6 for an unknown code.
 */
export async function financeReceiptFile(actor: Actor, code: string, locale: Locale): Promise<DocumentFile> {
  requireFinance(actor);
  const verifyCode = parseVerifyCode(code);
  const { db } = (await runtime()).database;
  const [receipt] = verifyCode
    ? await db
        .select()
        .from(issuedDocuments)
        .where(and(eq(issuedDocuments.verifyCode, verifyCode), eq(issuedDocuments.kind, 'receipt')))
    : [];
  if (!receipt) throw new AppError(ErrorCode.NO_DATA);
  return documentFile(receipt, locale);
}
