import { eq, sum } from 'drizzle-orm';
import type { ReceiptFacts } from '../../../lib/documents/facts';
import { documentHolder, holderName } from '../../../lib/documents/facts';
import { maskHolderName } from '../../../lib/documents/holder-name';
import { publicRevokedReason, type PublicRevokedReason } from '../../../lib/documents/revoked-reason';
import { parseVerifyCode } from '../../../lib/documents/verify-code';
import type { Locale } from '../../../lib/locales';
import { consumeLimit, type LimitRule } from '../../auth/rate-limits';
import { issuedDocuments, orders, refunds, type DocumentKind } from '../../db/schema';
import { runtime } from '../../runtime';

/** Look-ups an address may make on /verify: plenty for a person checking papers, few for a script. */
export const VERIFICATIONS_PER_CLIENT: LimitRule = { name: 'documentVerify', points: 60, durationSeconds: 60 * 60 };

export interface VerifiedDocument {
  kind: DocumentKind;
  number: string;
  maskedHolder: string;
  issuedAt: Date;
  revokedAt: Date | null;
  /** Why, in fixed words (a receipt: voided or refunded); never the reason finance or the office wrote. */
  revokedReason: PublicRevokedReason | null;
  /** A voided receipt's order's receipt now: the number that replaces it (null: none). */
  replacedBy: string | null;
  /** A receipt: when the money was paid (the issue date may be later). */
  paidAt: Date | null;
  /** A standing receipt of which a part was refunded: how much of how much (null: nothing refunded). */
  partlyRefunded: { refunded: number; total: number } | null;
}

/**
 * What the public verification page shows of a document: its kind and number, the holder's masked
 * name, when it was issued and whether it was revoked (in fixed words, and for a re-issued receipt
 * the number that replaces it); a receipt also when it was paid, and whether a part was refunded; null for a code that names none. Each look-up
 * counts against the address's limit (-11 with the seconds to wait past it), known code or not.
 */
export async function verifyDocument(input: string, ip: string, locale: Locale): Promise<VerifiedDocument | null> {
  await consumeLimit(VERIFICATIONS_PER_CLIENT, ip);
  const code = parseVerifyCode(input);
  if (!code) return null;
  const { db } = (await runtime()).database;
  const [doc] = await db.select().from(issuedDocuments).where(eq(issuedDocuments.verifyCode, code));
  if (!doc) return null;
  let replacedBy: string | null = null;
  let partlyRefunded: VerifiedDocument['partlyRefunded'] = null;
  if (doc.kind === 'receipt' && doc.revokedAt) {
    const [order] = await db.select({ receiptNo: orders.receiptNo }).from(orders).where(eq(orders.id, doc.subjectId));
    if (order?.receiptNo && order.receiptNo !== doc.number) replacedBy = order.receiptNo;
  } else if (doc.kind === 'receipt') {
    // A refund of all that was paid voids the receipt; a part refund leaves it standing, and says so.
    const [row] = await db
      .select({ refunded: sum(refunds.amount) })
      .from(refunds)
      .where(eq(refunds.orderId, doc.subjectId));
    const refunded = Number(row?.refunded ?? 0);
    if (refunded > 0) partlyRefunded = { refunded, total: (doc.facts as unknown as ReceiptFacts).total };
  }
  const paidAt = doc.kind === 'receipt' ? (doc.facts as unknown as ReceiptFacts).paidAt : null;
  return {
    kind: doc.kind,
    number: doc.number,
    maskedHolder: maskHolderName(holderName(documentHolder(doc.kind, doc.facts), locale)),
    issuedAt: doc.issuedAt,
    revokedAt: doc.revokedAt,
    revokedReason: doc.revokedAt ? publicRevokedReason(doc.kind, doc.revokedReason) : null,
    replacedBy,
    paidAt: paidAt ? new Date(paidAt) : null,
    partlyRefunded,
  };
}
