import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useMemoryRuntime } from '../../test-runtime';
import { accounts, emailChallenges } from '../../db/schema';
import { tokenHash } from '../../auth/secrets';
import { createLinkChallenge, grantToken, issueCode, verifyCode } from './email-challenges';
import { confirmEmail, issueEmailVerification, voidEmailVerifications } from './verify-email';

const rt = useMemoryRuntime();

let people = 0;
/** An account whose address the office set: not yet proved. */
async function accountAt(email: string): Promise<number> {
  people++;
  const [row] = await rt()
    .database.db.insert(accounts)
    .values({
      email,
      passwordHash: 'x',
      nameZh: '林書豪',
      personIdEncrypted: 'x',
      personIdHash: `verify-test-${people}`,
      birthDate: '1990-01-01',
    })
    .returning({ id: accounts.id });
  return row!.id;
}

async function verifiedAt(id: number): Promise<Date | null> {
  const [row] = await rt()
    .database.db.select({ at: accounts.emailVerifiedAt })
    .from(accounts)
    .where(eq(accounts.id, id));
  return row!.at;
}

/** The link's token, as the mail carries it. */
async function linkFor(email: string): Promise<string> {
  const db = rt().database.db;
  const url = await db.transaction((tx) => issueEmailVerification(tx, 'https://society.example.org', email, 'en-us'));
  expect(url.startsWith('https://society.example.org/en-us/emailVerify?token=')).toBe(true);
  return decodeURIComponent(new URL(url).searchParams.get('token')!);
}

describe('the mailed link that proves an address', () => {
  it('proves the address of the account that has it, and says so again when opened again', async () => {
    const id = await accountAt('proved@example.org');
    const token = await linkFor('proved@example.org');
    expect(await confirmEmail(token)).toEqual({ result: 'verified', email: 'proved@example.org' });
    const at = await verifiedAt(id);
    expect(at).not.toBeNull();
    expect(await confirmEmail(token)).toEqual({ result: 'verified', email: 'proved@example.org' });
    expect(await verifiedAt(id)).toEqual(at);
  });

  it('proves nothing once expired', async () => {
    const id = await accountAt('late@example.org');
    const token = await linkFor('late@example.org');
    await rt()
      .database.db.update(emailChallenges)
      .set({ tokenExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailChallenges.tokenHash, tokenHash(token)));
    expect(await confirmEmail(token)).toEqual({ result: 'invalid', email: null });
    expect(await verifiedAt(id)).toBeNull();
  });

  it('ends, used or not, when a newer link is mailed to the address or the links are ended', async () => {
    const id = await accountAt('again@example.org');
    const used = await linkFor('again@example.org');
    expect((await confirmEmail(used)).result).toBe('verified');
    const unused = await linkFor('again@example.org');
    // The office set the address again: it is unproved until the newest link is opened.
    await rt().database.db.update(accounts).set({ emailVerifiedAt: null }).where(eq(accounts.id, id));
    const newest = await linkFor('again@example.org');
    expect(await confirmEmail(used)).toEqual({ result: 'invalid', email: null });
    expect(await confirmEmail(unused)).toEqual({ result: 'invalid', email: null });
    expect(await verifiedAt(id)).toBeNull();
    await rt().database.db.transaction((tx) => voidEmailVerifications(tx, 'AGAIN@example.org'));
    expect(await confirmEmail(newest)).toEqual({ result: 'invalid', email: null });
    expect(await verifiedAt(id)).toBeNull();
  });

  it('refuses the token of a sign-up or a password reset to the same address', async () => {
    const email = 'purpose@example.org';
    const id = await accountAt(email);
    const reset = await grantToken(await createLinkChallenge(email, 'reset', 'individual'), 10);
    const code = await issueCode(email, 'signup', 'individual', 10);
    const signup = await verifyCode(email, 'signup', 'individual', code, 10);
    for (const token of [reset.emailToken, signup.emailToken])
      expect(await confirmEmail(token)).toEqual({ result: 'invalid', email: null });
    expect(await confirmEmail('')).toEqual({ result: 'invalid', email: null });
    expect(await verifiedAt(id)).toBeNull();
  });
});
