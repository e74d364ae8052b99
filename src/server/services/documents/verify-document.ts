import { eq } from 'drizzle-orm';
import { holderName, type HolderNames } from '../../../lib/documents/facts';
import { maskHolderName } from '../../../lib/documents/holder-name';
import { parseVerifyCode } from '../../../lib/documents/verify-code';
import type { Locale } from '../../../lib/locales';
import { consumeLimit, type LimitRule } from '../../auth/rate-limits';
import { issuedDocuments, type DocumentKind } from '../../db/schema';
import { runtime } from '../../runtime';

/** Look-ups an address may make on /verify: plenty for a person checking papers, few for a script. */
export const VERIFICATIONS_PER_CLIENT: LimitRule = { name: 'documentVerify', points: 60, durationSeconds: 60 * 60 };

export interface VerifiedDocument {
  kind: DocumentKind;
  number: string;
  maskedHolder: string;
  issuedAt: Date;
  revokedAt: Date | null;
  revokedReason: string | null;
}

/**
 * What the public verification page shows of a document: its kind and number, the holder's masked
 * name, when it was issued and whether it was revoked; null for a code that names none. Each look-up
 * counts against the address's limit (-11 with the seconds to wait past it), known code or not.
 */
export async function verifyDocument(input: string, ip: string, locale: Locale): Promise<VerifiedDocument | null> {
  await consumeLimit(VERIFICATIONS_PER_CLIENT, ip);
  const code = parseVerifyCode(input);
  if (!code) return null;
  const { db } = (await runtime()).database;
  const [doc] = await db.select().from(issuedDocuments).where(eq(issuedDocuments.verifyCode, code));
  if (!doc) return null;
  // A paper's authorisation names its signer.
  const names = (doc.facts.payer ?? doc.facts.holder ?? doc.facts.signer) as HolderNames;
  return {
    kind: doc.kind,
    number: doc.number,
    maskedHolder: maskHolderName(holderName(names, locale)),
    issuedAt: doc.issuedAt,
    revokedAt: doc.revokedAt,
    revokedReason: doc.revokedReason,
  };
}
