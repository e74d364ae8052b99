import { applicantColumns, isApplicant } from '../applicants';
import { formatAmount } from '../../../lib/format';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { applicationResultPath } from '../../../lib/applications/result-path';
import { taipeiDate } from '../../../lib/calendar-date';
import { ErrorCode } from '../../../lib/error-codes';
import { type I18nText, pickText } from '../../../lib/i18n-text';
import { isLocale, type Locale } from '../../../lib/locales';
import { localePath } from '../../../lib/paths';
import type { Actor } from '../../auth/sessions';
import { requireRole } from '../../auth/staff-access';
import { isUniqueViolation } from '../../db/errors';
import {
  accounts,
  applications,
  orders,
  organisations,
  paymentAttempts,
  remittances,
  type OrderStatus,
} from '../../db/schema';
import { AppError } from '../../app-error';
import { enqueueMail } from '../../integrations/mail/outbox';
import { remittanceNotice } from '../../integrations/mail/templates';
import { runtime } from '../../runtime';
import { mailSite } from '../mail/mail-site';
import { openCodesWhere, receiveMoney, settlementFor, type Settlement } from './pay-orders';
import { openCodeOf, openCodeSql, type OpenCodeTuple } from './read-orders';
import type { Executor } from '../../db/client';
import { recordAudit } from '../accounts/audit';
import { personName } from '../../../lib/validators/name';

/** The role that confirms bank transfers (DESIGN.md §14), checked on every call. */
export function requireFinance(actor: Actor): void {
  requireRole(actor, 'finance');
}

const invalid = (field: string, key: string) => new AppError(ErrorCode.DATA_CHECK, { fields: [field] }, { key });

export interface RemittanceReport {
  orderId: number;
  transferDate: string;
  amount: number;
  accountLast5: string;
  /** The payer was told the order has an open ATM or store code and reports the transfer anyway. */
  despiteCode?: boolean | undefined;
}

/**
 * The payer (a member, or an organisation for its course's review fee) reports a bank transfer for
 * one of their own pending orders: on a day from the order's to today (Taipei), for exactly the
 * order's amount (a different sum is a mistake to fix before finance looks, not a part payment),
 * with the paying account's last five digits. One report waits per order (-13); after a rejection
 * the payer may report again. Nothing is paid until finance confirms what the bank shows.
 * While an ATM or store code for the order may still be paid, paying it too would pay twice: as
 * "Pay now" does, the report is refused (-10 `codeOpen`) until the payer, told so, reports anyway
 * (`despiteCode`); the code is cancelled when finance confirms the transfer.
 */
export async function reportRemittance(actor: Actor, report: RemittanceReport) {
  const { db } = (await runtime()).database;
  const [order] = await db.select().from(orders).where(eq(orders.id, report.orderId));
  if (!order || !isApplicant(actor, order)) throw new AppError(ErrorCode.NO_DATA);
  if (order.status !== 'pending')
    throw new AppError(ErrorCode.DATA_CHECK, { reason: 'orderNotPayable' }, { key: 'orderNotPayable' });
  if (report.transferDate > taipeiDate()) throw invalid('transferDate', 'transferInFuture');
  if (report.transferDate < taipeiDate(order.createdAt)) throw invalid('transferDate', 'transferBeforeOrder');
  if (report.amount !== order.amount)
    throw new AppError(
      ErrorCode.DATA_CHECK,
      { fields: ['amount'] },
      { key: 'transferAmount', values: { amount: formatAmount(order.amount) } },
    );
  if (!report.despiteCode) {
    const [code] = await db
      .select({ id: paymentAttempts.id })
      .from(paymentAttempts)
      .where(openCodesWhere(order.id))
      .limit(1);
    if (code) throw new AppError(ErrorCode.DATA_CHECK, { reason: 'codeOpen' }, { key: 'codeOpenTransfer' });
  }
  try {
    const [row] = await db
      .insert(remittances)
      .values({
        orderId: order.id,
        ...applicantColumns(actor),
        transferDate: report.transferDate,
        amount: report.amount,
        accountLast5: report.accountLast5,
      })
      .returning();
    return remittanceOf(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(ErrorCode.DUPLICATE, null, { key: 'remittanceWaiting' });
    throw error;
  }
}

function remittanceOf(row: typeof remittances.$inferSelect) {
  return {
    remittanceId: row.id,
    orderId: row.orderId,
    status: row.status,
    transferDate: row.transferDate,
    amount: row.amount,
    accountLast5: row.accountLast5,
    note: row.note,
  };
}

/**
 * The reported transfers waiting for finance, oldest first, with the order and who paid (a member,
 * or an organisation for a course's fee): one statement. Only for holders of the `finance` role (-11).
 */
export async function listReportedRemittances(actor: Actor, locale: Locale) {
  requireFinance(actor);
  const rows = await (await runtime()).database.prepared('reported_remittances', REPORTED, ['reported']);
  return rows.map((r) => ({
    remittanceId: r.id as number,
    orderId: r.order_id as number,
    orderNumber: r.number as string,
    orderStatus: r.order_status as OrderStatus,
    description: pickText(r.description as I18nText, locale),
    amountDue: r.amount_due as number,
    amount: r.amount as number,
    transferDate: String(r.transfer_date).slice(0, 10),
    accountLast5: r.account_last5 as string,
    /** Who paid: a member (with their number) or an organisation. */
    payerKind: (r.organisation_id === null ? 'individual' : 'organ') as 'individual' | 'organ',
    payerName: (locale === 'en-us' && (r.name_en as string)) || (r.name_zh as string),
    payerEmail: r.email as string,
    memberNo: (r.member_no as string | null) ?? null,
    reportedAt: new Date(r.created_at as string).toISOString(),
    /** The reader's own transfer: shown, decided by another finance account. */
    own: r.account_id === actor.accountId,
    /** An ATM or store code for the order that may still be paid: confirming the transfer cancels it. */
    openCode: openCodeOf(r.open_code as OpenCodeTuple | null),
  }));
}

const REPORTED = `
  SELECT r.id, r.order_id, r.account_id, r.organisation_id, o.number, o.status AS order_status, o.description,
    o.amount AS amount_due, r.amount, to_char(r.transfer_date, 'YYYY-MM-DD') AS transfer_date, r.account_last5,
    r.created_at, coalesce(a.name_zh, og.name) AS name_zh, coalesce(a.name_en, og.name_en) AS name_en,
    coalesce(a.email, og.email) AS email, m.member_no, ${openCodeSql('o')} AS open_code
  FROM remittances r
  JOIN orders o ON o.id = r.order_id
  LEFT JOIN accounts a ON a.id = r.account_id
  LEFT JOIN organisations og ON og.id = r.organisation_id
  LEFT JOIN memberships m ON m.account_id = r.account_id
  WHERE r.status = $1
  ORDER BY r.created_at, r.id`;

const decided = () => new AppError(ErrorCode.DATA_CHECK, { reason: 'remittanceDecided' }, { key: 'remittanceDecided' });

/** A reported transfer as a decision reads it: with its order, application and payer (one statement for any number). */
async function remittancesToDecide(ids: readonly number[]) {
  const { db } = (await runtime()).database;
  if (ids.length === 0) return [];
  return db
    .select({
      remittance: remittances,
      order: orders,
      application: { id: applications.id, type: applications.type, form: applications.form },
      email: sql<string>`coalesce(${accounts.email}, ${organisations.email})`,
      nameZh: sql<string>`coalesce(${accounts.nameZh}, ${organisations.name})`,
      nameEn: sql<string>`coalesce(${accounts.nameEn}, ${organisations.nameEn})`,
      preferredLocale: sql<string>`coalesce(${accounts.preferredLocale}, ${organisations.preferredLocale})`,
    })
    .from(remittances)
    .innerJoin(orders, eq(orders.id, remittances.orderId))
    .leftJoin(applications, eq(applications.id, orders.applicationId))
    .leftJoin(accounts, eq(accounts.id, remittances.accountId))
    .leftJoin(organisations, eq(organisations.id, remittances.organisationId))
    .where(inArray(remittances.id, [...ids]));
}
type ToDecide = Awaited<ReturnType<typeof remittancesToDecide>>[number];
/** A reported transfer as finance sees it when deciding (the statement match checks a line against it). */
export type RemittanceToDecide = ToDecide['remittance'];

interface Decision {
  decision: 'confirm' | 'reject';
  note: string;
  /** What the audit entry adds (the bank statement's line a bulk confirmation matched). */
  detail?: Record<string, unknown>;
}

/**
 * One decision in the caller's transaction: the report moved from `reported` by a conditional
 * update (null when another decision came first: nothing else is done), the money applied by
 * `receiveMoney` when confirming, an audit entry, and the payer's mail.
 */
async function decideIn(
  tx: Executor,
  actor: Actor,
  found: ToDecide,
  input: Decision,
  settle: Settlement | null,
  site: Awaited<ReturnType<typeof mailSite>>,
  now: Date,
): Promise<'applied' | 'surplus' | 'rejected' | null> {
  const { remittance, order } = found;
  const confirm = input.decision === 'confirm';
  const locale: Locale = isLocale(found.preferredLocale) ? found.preferredLocale : 'zh-tw';
  const [moved] = await tx
    .update(remittances)
    .set({
      status: confirm ? 'confirmed' : 'rejected',
      reviewedBy: actor.accountId,
      reviewedAt: now,
      note: input.note,
    })
    .where(and(eq(remittances.id, remittance.id), eq(remittances.status, 'reported')))
    .returning({ id: remittances.id });
  if (!moved) return null;
  const result =
    confirm && settle
      ? await receiveMoney(
          tx,
          {
            orderId: order.id,
            remittanceId: remittance.id,
            amount: remittance.amount,
            method: 'remittance',
            source: 'remittance',
            paidAt: now,
          },
          settle,
          { kind: 'system', accountId: actor.accountId, as: 'finance' },
        )
      : 'rejected';
  // The transfer paid the order: its ATM and store codes are no longer to be paid. Money that
  // still arrives on one is kept as surplus (`codeAfterTransfer`) for finance to refund.
  const codesCancelled =
    result === 'applied'
      ? await tx
          .update(paymentAttempts)
          .set({ status: 'cancelled', updatedAt: now })
          .where(and(eq(paymentAttempts.orderId, order.id), eq(paymentAttempts.status, 'codeIssued')))
          .returning({ merchantOrderNo: paymentAttempts.merchantOrderNo })
      : [];
  await recordAudit(tx, {
    actor: { userType: 'individual', accountId: actor.accountId },
    action: confirm ? 'remittance.confirmed' : 'remittance.rejected',
    target: { type: 'remittance', id: remittance.id },
    before: { status: 'reported' },
    after: { status: confirm ? 'confirmed' : 'rejected', outcome: result, ...(input.note ? { note: input.note } : {}) },
    detail: {
      orderNumber: order.number,
      amount: remittance.amount,
      ...(codesCancelled.length ? { codesCancelled: codesCancelled.map((c) => c.merchantOrderNo) } : {}),
      ...input.detail,
    },
  });
  const mail = remittanceNotice({
    siteName: site.siteName[locale],
    locale,
    name: personName(found, locale),
    notice: result === 'applied' ? 'confirmed' : result,
    orderNumber: order.number,
    what: pickText(order.description, locale),
    amount: remittance.amount,
    transferDate: remittance.transferDate,
    note: input.note,
    // A member follows it on the payments page, an organisation on its course's page.
    url:
      site.origin +
      (remittance.organisationId !== null && found.application
        ? applicationResultPath(found.application, locale)
        : localePath('/member/payment', locale)),
  });
  await enqueueMail(
    tx,
    { to: found.email, ...mail, locale },
    { kind: `remittance.${result}`, eraseAfter: new Date(Date.now() + 30 * 86_400_000) },
  );
  return result;
}

/**
 * Finance confirms or rejects a reported transfer, once (of two decisions at once, one wins; a
 * second is refused). Confirming applies the money exactly as a gateway payment does
 * (`receiveMoney`: a payment row keyed by the remittance, the order paid by a conditional update,
 * the application paid and in effect) in one transaction with the decision, its audit entry and
 * the member's mail; an order paid or closed meanwhile keeps the money as surplus to refund, and
 * finance is told. Rejecting needs a note, which the payer reads. Who decided and when is
 * recorded; nobody decides their own transfer (-11). The mail goes to the payer, a member or an
 * organisation.
 */
export async function decideRemittance(
  actor: Actor,
  input: { remittanceId: number; decision: 'confirm' | 'reject'; note: string },
): Promise<{ outcome: 'applied' | 'surplus' | 'rejected'; orderNumber: string }> {
  requireFinance(actor);
  const [found] = await remittancesToDecide([input.remittanceId]);
  if (!found) throw new AppError(ErrorCode.NO_DATA);
  // Nobody confirms their own money: another finance account decides.
  if (found.remittance.accountId === actor.accountId)
    throw new AppError(ErrorCode.NO_PERMISSION, null, { key: 'remittanceOwn' });
  if (found.remittance.status !== 'reported') throw decided();
  const settle = input.decision === 'confirm' ? await settlementFor(found.order.applicationId) : null;
  const site = await mailSite();
  const { db } = (await runtime()).database;
  const outcome = await db.transaction(async (tx) => {
    const result = await decideIn(tx, actor, found, input, settle, site, new Date());
    if (!result) throw decided();
    return result;
  });
  return { outcome, orderNumber: found.order.number };
}

/** What became of one transfer of a bulk confirmation. */
export type BulkOutcome = 'applied' | 'surplus' | 'decided' | 'unknown' | 'own' | 'mismatch';

/**
 * Finance confirms many reported transfers at once (a bank statement's matched lines): each by the
 * same decision as `decideRemittance`, all in one transaction, each money applied once. A transfer
 * decided meanwhile is answered `decided` and left alone, an unknown one `unknown`, the reader's
 * own `own`, and one `accept` refuses (the line no longer fits it) `mismatch`.
 */
export async function confirmRemittances(
  actor: Actor,
  items: readonly { remittanceId: number; detail: Record<string, unknown> }[],
  accept: (remittance: RemittanceToDecide, orderNumber: string, index: number) => boolean,
  /** Runs last in the confirmations' transaction with what became of each (the statement records its lines' outcomes). */
  within?: (
    tx: Executor,
    answers: { remittanceId: number; outcome: BulkOutcome; orderNumber: string | null }[],
  ) => Promise<void>,
): Promise<{ remittanceId: number; outcome: BulkOutcome; orderNumber: string | null }[]> {
  requireFinance(actor);
  const rows = await remittancesToDecide(items.map((i) => i.remittanceId));
  const byId = new Map(rows.map((r) => [r.remittance.id, r]));
  const plan = items.map((item, index) => {
    const found = byId.get(item.remittanceId);
    const refused: BulkOutcome | null = !found
      ? 'unknown'
      : found.remittance.accountId === actor.accountId
        ? 'own'
        : found.remittance.status !== 'reported'
          ? 'decided'
          : !accept(found.remittance, found.order.number, index)
            ? 'mismatch'
            : null;
    return { item, found, refused };
  });
  // Read before the transaction (the embedded database has one connection).
  const settlements = new Map<number, Settlement>();
  for (const { found, refused } of plan)
    if (found && !refused) settlements.set(found.remittance.id, await settlementFor(found.order.applicationId));
  const site = await mailSite();
  const { db } = (await runtime()).database;
  const now = new Date();
  return db.transaction(async (tx) => {
    const answers: { remittanceId: number; outcome: BulkOutcome; orderNumber: string | null }[] = [];
    const done = new Set<number>();
    for (const { item, found, refused } of plan) {
      const orderNumber = found?.order.number ?? null;
      if (refused || !found || done.has(found.remittance.id)) {
        answers.push({ remittanceId: item.remittanceId, outcome: refused ?? 'decided', orderNumber });
        continue;
      }
      done.add(found.remittance.id);
      const settle = settlements.get(found.remittance.id)!;
      const result = await decideIn(
        tx,
        actor,
        found,
        { decision: 'confirm', note: '', detail: item.detail },
        settle,
        site,
        now,
      );
      answers.push({
        remittanceId: item.remittanceId,
        outcome: result === 'applied' || result === 'surplus' ? result : 'decided',
        orderNumber,
      });
    }
    await within?.(tx, answers);
    return answers;
  });
}
