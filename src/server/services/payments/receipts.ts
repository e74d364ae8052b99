/**
 * Finance voids a paid order's receipt with a reason (DESIGN.md §9, §19): the issued receipt (issued
 * now if the payer never downloaded it, so its number and facts are fixed) is revoked once, with the
 * reason, which its /verify page then states; the payer can no longer download it. Audited.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import type { Actor } from '../../auth/sessions';
import { accounts, issuedDocuments, orders, organisations } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { runtime } from '../../runtime';
import { recordAudit } from '../accounts/audit';
import { issueReceipt } from '../documents/own-documents';
import { requireFinance } from './remittances';

const voided = () => new AppError(ErrorCode.DATA_CHECK, { reason: 'receiptVoided' }, { key: 'receiptVoided' });

export async function voidReceipt(
  actor: Actor,
  input: { orderId: number; reason: string },
  ip: string,
): Promise<{ receiptNo: string; verifyCode: string; voidedAt: string }> {
  requireFinance(actor);
  const { db } = (await runtime()).database;
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
    .where(eq(orders.id, input.orderId));
  if (!found) throw new AppError(ErrorCode.NO_DATA);
  const receipt = await issueReceipt(db, found.order, {
    nameZh: found.nameZh,
    nameEn: found.nameEn,
    ...(found.taxId !== null ? { taxId: found.taxId } : {}),
  });
  if (receipt.revokedAt) throw voided();
  const now = new Date();
  await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(issuedDocuments)
      .set({ revokedAt: now, revokedReason: input.reason })
      .where(and(eq(issuedDocuments.id, receipt.id), isNull(issuedDocuments.revokedAt)))
      .returning({ id: issuedDocuments.id });
    if (!moved) throw voided();
    await recordAudit(tx, {
      actor: { userType: 'individual', accountId: actor.accountId },
      action: 'receipt.voided',
      ip,
      target: { type: 'order', id: found.order.id },
      before: { receiptNo: receipt.number, voided: false },
      after: { receiptNo: receipt.number, voided: true, reason: input.reason },
      detail: { orderNumber: found.order.number },
    });
  });
  return { receiptNo: receipt.number, verifyCode: receipt.verifyCode, voidedAt: now.toISOString() };
}
