import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { certificateNumber, sameFacts, type CertificateFacts } from '../../../lib/documents/facts';
import { VERIFY_ALPHABET, VERIFY_CODE_LENGTH } from '../../../lib/documents/verify-code';
import type { I18nText } from '../../../lib/i18n-text';
import type { Executor } from '../../db/client';
import { accounts, issuedDocuments, memberClasses, memberships, type DocumentKind } from '../../db/schema';
import { loadWebInfoRow } from '../site/get-web-info';

export type IssuedDocument = typeof issuedDocuments.$inferSelect;

/** A new verification code: random from the unambiguous alphabet (lib/documents/verify-code.ts). */
export function newVerifyCode(): string {
  let code = '';
  for (let i = 0; i < VERIFY_CODE_LENGTH; i++) code += VERIFY_ALPHABET[randomInt(VERIFY_ALPHABET.length)];
  return code;
}

/**
 * Records a document once: the first caller's row wins, and every caller (two first downloads at
 * once included) gets that row back, by its kind and number. A verification code that happened to
 * be taken already is drawn again.
 */
export async function issueOnce(
  executor: Executor,
  input: {
    kind: DocumentKind;
    number: string;
    accountId: number | null;
    organisationId?: number | null;
    subjectId: number;
    facts: object;
  },
): Promise<IssuedDocument> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [inserted] = await executor
      .insert(issuedDocuments)
      .values({ ...input, facts: input.facts as Record<string, unknown>, verifyCode: newVerifyCode() })
      .onConflictDoNothing()
      .returning();
    if (inserted) return inserted;
    const [existing] = await executor
      .select()
      .from(issuedDocuments)
      .where(and(eq(issuedDocuments.kind, input.kind), eq(issuedDocuments.number, input.number)));
    if (existing) return existing;
  }
  throw new Error(`no free verification code for ${input.kind} ${input.number}`);
}

/** Revokes a document (a receipt issued in error, a certificate replaced); a revoked one stays as it was. */
export async function revokeDocument(executor: Executor, documentId: number, reason: string): Promise<void> {
  await executor
    .update(issuedDocuments)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(issuedDocuments.id, documentId), isNull(issuedDocuments.revokedAt)));
}

/** Revokes a membership's valid certificates with `reason` (its membership lapsed or ended), in the caller's transaction. */
export async function revokeCertificates(executor: Executor, membershipId: number, reason: string): Promise<void> {
  await executor
    .update(issuedDocuments)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(issuedDocuments.kind, 'certificate'),
        eq(issuedDocuments.subjectId, membershipId),
        isNull(issuedDocuments.revokedAt),
      ),
    );
}

/** What a membership's certificate states today: the holder, the number, the class and the term. */
export async function certificateFacts(
  executor: Executor,
  membershipId: number,
  society: I18nText,
): Promise<CertificateFacts> {
  const [row] = await executor
    .select({ m: memberships, nameZh: accounts.nameZh, nameEn: accounts.nameEn, className: memberClasses.name })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .innerJoin(memberClasses, eq(memberClasses.id, memberships.classId))
    .where(eq(memberships.id, membershipId));
  if (!row) throw new Error(`no membership ${membershipId}`);
  return {
    society,
    holder: { nameZh: row.nameZh, nameEn: row.nameEn },
    memberNo: row.m.memberNo,
    className: row.className,
    joinedOn: row.m.joinedOn,
    termEnd: row.m.termEnd,
    edition: row.m.certificateEdition,
  };
}

/** The society's name as documents print it, read before a transaction (the embedded database has one connection). */
export async function societyName(): Promise<I18nText> {
  return (await loadWebInfoRow())?.name ?? { 'zh-tw': '' };
}

/**
 * Issues a membership's certificate, in the caller's transaction: the edition the membership is
 * at, or — when that edition was issued already (a replacement, or facts that changed) — the next
 * one, after revoking the certificate still valid with `reason`. The membership row is locked, so
 * two callers at once issue one edition. `society` comes from `societyName()`, read before the
 * transaction.
 */
export async function issueCertificate(
  executor: Executor,
  membershipId: number,
  society: I18nText,
  reason = 'replaced',
): Promise<IssuedDocument> {
  const [m] = await executor.select().from(memberships).where(eq(memberships.id, membershipId)).for('update');
  if (!m) throw new Error(`no membership ${membershipId}`);
  const issued = await executor
    .select()
    .from(issuedDocuments)
    .where(and(eq(issuedDocuments.kind, 'certificate'), eq(issuedDocuments.subjectId, membershipId)));
  for (const doc of issued) if (!doc.revokedAt) await revokeDocument(executor, doc.id, reason);
  let edition = m.certificateEdition;
  if (issued.some((doc) => doc.number === certificateNumber(m.memberNo, edition))) {
    edition += 1;
    await executor
      .update(memberships)
      .set({ certificateEdition: edition, updatedAt: new Date() })
      .where(eq(memberships.id, membershipId));
  }
  const facts = await certificateFacts(executor, membershipId, society);
  return issueOnce(executor, {
    kind: 'certificate',
    number: certificateNumber(m.memberNo, edition),
    accountId: m.accountId,
    subjectId: membershipId,
    facts,
  });
}

/**
 * The membership's valid certificate while it still states what the membership is; otherwise the
 * next edition, the old one revoked as superseded (a renewed term, a new class, a changed name).
 * Decided under the membership's lock, so two first downloads at once issue one certificate.
 */
export async function currentCertificate(
  executor: Executor,
  membershipId: number,
  society: I18nText,
): Promise<IssuedDocument> {
  await executor.select({ id: memberships.id }).from(memberships).where(eq(memberships.id, membershipId)).for('update');
  return (
    (await upToDateCertificate(executor, membershipId, society)) ??
    issueCertificate(executor, membershipId, society, 'superseded')
  );
}

/** The membership's valid certificate if it still states what the membership is, else null. */
export async function upToDateCertificate(
  executor: Executor,
  membershipId: number,
  society: I18nText,
): Promise<IssuedDocument | null> {
  const [valid] = await executor
    .select()
    .from(issuedDocuments)
    .where(
      and(
        eq(issuedDocuments.kind, 'certificate'),
        eq(issuedDocuments.subjectId, membershipId),
        isNull(issuedDocuments.revokedAt),
      ),
    );
  return valid && sameFacts(valid.facts, await certificateFacts(executor, membershipId, society)) ? valid : null;
}
