/**
 * Proving an address the office set (services/staff/correct-person.ts): the new address is mailed a
 * link of its own (a `verify` challenge, valid VERIFY_VALID_DAYS), and opening it marks the account's
 * e-mail verified. Opening is the proof (the mail reached the address), so the page confirms on
 * sight; the link works once, and only while the account still has that address. A link ends
 * (`voidEmailVerifications`) when its address is corrected away or again, or its account closes.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Locale } from '../../../lib/locales';
import { localePath } from '../../../lib/paths';
import { newToken, tokenHash } from '../../auth/secrets';
import type { Executor } from '../../db/client';
import { accounts, emailChallenges } from '../../db/schema';
import { runtime } from '../../runtime';

export const VERIFY_VALID_DAYS = 14;

/**
 * A verification link for `email`, in the caller's transaction: the address to mail, on `origin`
 * (`mailOrigin()`: SITE_URL, never the request's Host). Earlier links to the address end.
 */
export async function issueEmailVerification(
  tx: Executor,
  origin: string,
  email: string,
  locale: Locale,
): Promise<string> {
  await voidEmailVerifications(tx, email);
  const token = newToken();
  await tx.insert(emailChallenges).values({
    email,
    purpose: 'verify',
    userType: 'individual',
    tokenHash: tokenHash(token),
    tokenExpiresAt: new Date(Date.now() + VERIFY_VALID_DAYS * 86_400_000),
  });
  return `${origin}${localePath('/emailVerify', locale)}?token=${encodeURIComponent(token)}`;
}

/**
 * Ends every verification link mailed to `email`, used or not (a used one would still say the
 * address is verified), in the caller's transaction: the address was corrected away from an
 * account or to it again, or its account closed. An ended link is as an expired one.
 */
export async function voidEmailVerifications(tx: Executor, email: string): Promise<void> {
  const now = new Date();
  await tx
    .update(emailChallenges)
    .set({ tokenExpiresAt: now })
    .where(
      and(
        eq(emailChallenges.email, email.toLowerCase()),
        eq(emailChallenges.purpose, 'verify'),
        gt(emailChallenges.tokenExpiresAt, now),
      ),
    );
}

/**
 * Uses a verification link: `verified` (now or already, for the account that has the address),
 * or `invalid` (unknown, expired, or the address is no longer the account's).
 */
export async function confirmEmail(token: string): Promise<{ result: 'verified' | 'invalid'; email: string | null }> {
  if (token === '') return { result: 'invalid', email: null };
  const { db } = (await runtime()).database;
  return db.transaction(async (tx) => {
    const [challenge] = await tx
      .select({ id: emailChallenges.id, email: emailChallenges.email, usedAt: emailChallenges.usedAt })
      .from(emailChallenges)
      .where(
        and(
          eq(emailChallenges.tokenHash, tokenHash(token)),
          eq(emailChallenges.purpose, 'verify'),
          gt(emailChallenges.tokenExpiresAt, new Date()),
        ),
      )
      .for('update');
    if (!challenge) return { result: 'invalid', email: null };
    const [account] = await tx
      .select({ id: accounts.id, verifiedAt: accounts.emailVerifiedAt })
      .from(accounts)
      .where(and(eq(accounts.email, challenge.email), isNull(accounts.closedAt)));
    if (!account) return { result: 'invalid', email: null };
    if (challenge.usedAt) return { result: account.verifiedAt ? 'verified' : 'invalid', email: challenge.email };
    await tx.update(emailChallenges).set({ usedAt: new Date() }).where(eq(emailChallenges.id, challenge.id));
    await tx
      .update(accounts)
      .set({ emailVerifiedAt: new Date() })
      .where(and(eq(accounts.id, account.id), isNull(accounts.emailVerifiedAt)));
    return { result: 'verified', email: challenge.email };
  });
}
