import { isApplicant } from '../applicants';
import { and, asc, eq } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import { certificateAvailable } from '../../../lib/documents/availability';
import type { ReceiptFacts } from '../../../lib/documents/facts';
import { formatVerifyCode } from '../../../lib/documents/verify-code';
import type { Locale } from '../../../lib/locales';
import { localePath } from '../../../lib/paths';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import { applications, issuedDocuments, orderItems, orders, payments } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { mailOrigin } from '../site/site-origin';
import { drawDocument } from './draw-documents';
import { currentStatus } from '../membership/rules';
import {
  currentCertificate,
  issueOnce,
  societyName,
  upToDateCertificate,
  type IssuedDocument,
} from './issue-documents';

/**
 * The receipt of one of the member's own paid orders, issued at its first download with the facts
 * of that moment (numbered by the order's receipt number, assigned when it was paid), and the same
 * row on every later download. Another's order answers -6 as an unknown one does; an order not
 * paid has no receipt (-6), and a receipt finance voided is not handed out again (-6).
 */
export async function ownReceipt(actor: Actor, orderId: number): Promise<IssuedDocument> {
  const { db } = (await runtime()).database;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || !isApplicant(actor, order)) throw new AppError(ErrorCode.NO_DATA);
  const account = actor.account;
  const issued = await issueReceipt(db, order, {
    nameZh: account.userType === 'individual' ? account.nameZh : account.name,
    nameEn: account.nameEn,
    ...(account.userType === 'organ' ? { taxId: account.taxId } : {}),
  });
  if (issued.revokedAt) throw new AppError(ErrorCode.NO_DATA, null, { key: 'receiptVoided' });
  return issued;
}

/**
 * A paid order's receipt: the one issued, else issued now with the facts of this moment (the
 * payer's names as given, the items, the payment counted). -6 for an order without a receipt number.
 */
export async function issueReceipt(
  db: Executor,
  order: typeof orders.$inferSelect,
  payer: { nameZh: string; nameEn: string; taxId?: string },
): Promise<IssuedDocument> {
  if (order.status !== 'paid' || !order.receiptNo)
    throw new AppError(ErrorCode.NO_DATA, null, { key: 'receiptNotIssued' });
  const [issued] = await db
    .select()
    .from(issuedDocuments)
    .where(and(eq(issuedDocuments.kind, 'receipt'), eq(issuedDocuments.number, order.receiptNo)));
  if (issued) return issued;
  const [items, [payment], [application], society] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.surplus, false))),
    order.applicationId
      ? db
          .select({ type: applications.type, form: applications.form })
          .from(applications)
          .where(eq(applications.id, order.applicationId))
      : [],
    societyName(),
  ]);
  const facts: ReceiptFacts = {
    society,
    payer: { nameZh: payer.nameZh, nameEn: payer.nameEn },
    ...(payer.taxId !== undefined ? { payerTaxId: payer.taxId } : {}),
    ...(application?.type === 'course' && typeof application.form.title === 'string'
      ? { course: application.form.title }
      : {}),
    orderNumber: order.number,
    items: items.map((item) => ({ description: item.description, amount: item.amount })),
    total: order.amount,
    paidAt: (payment?.paidAt ?? order.paidAt ?? new Date()).toISOString(),
    method: payment?.method ?? 'UNKNOWN',
  };
  return issueOnce(db, {
    kind: 'receipt',
    number: order.receiptNo,
    accountId: order.accountId,
    organisationId: order.organisationId,
    subjectId: order.id,
    facts,
  });
}

/**
 * The member's certificate: the valid one while it still states what the membership is, else the
 * next edition (the one it replaces is revoked as superseded: a renewed term, a new class or a
 * changed name). Someone without a membership, or whose membership has lapsed or ended, has none
 * (-6): a certificate states a current membership.
 */
export async function ownCertificate(actor: Actor): Promise<IssuedDocument> {
  const m = actor.account.userType === 'individual' ? actor.account.membership : null;
  const status = m ? await currentStatus(m) : null;
  if (!m || !certificateAvailable(status)) throw new AppError(ErrorCode.NO_DATA, null, { key: 'certificateNone' });
  const { db } = (await runtime()).database;
  const society = await societyName();
  return (
    (await upToDateCertificate(db, m.membershipId, society)) ??
    db.transaction((tx) => currentCertificate(tx, m.membershipId, society))
  );
}

/** A drawn document to download: its PDF bytes and a file name. */
export interface DocumentFile {
  bytes: Buffer;
  fileName: string;
}

export async function documentFile(document: IssuedDocument, locale: Locale): Promise<DocumentFile> {
  const verifyUrl = `${await mailOrigin()}${localePath(`/verify/${formatVerifyCode(document.verifyCode)}`, locale)}`;
  return {
    bytes: await drawDocument(document, locale, verifyUrl),
    fileName: `${document.kind}-${document.number}.pdf`,
  };
}

/** The receipt of one of the member's own paid orders as a PDF in the reader's language. */
export async function downloadReceipt(actor: Actor, orderId: number, locale: Locale): Promise<DocumentFile> {
  return documentFile(await ownReceipt(actor, orderId), locale);
}

/** The member's certificate as a PDF in the reader's language. */
export async function downloadCertificate(actor: Actor, locale: Locale): Promise<DocumentFile> {
  return documentFile(await ownCertificate(actor), locale);
}
