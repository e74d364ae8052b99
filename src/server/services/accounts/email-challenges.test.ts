import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useMemoryRuntime } from '../../test-runtime';
import { emailChallenges } from '../../db/schema';
import { AppError } from '../../app-error';
import {
  createLinkChallenge,
  extendEmailToken,
  grantToken,
  issueCode,
  MAX_TOKEN_LIFETIMES,
  readEmailToken,
  verifyCode,
  voidResetChallenges,
} from './email-challenges';

const rt = useMemoryRuntime();

const VALID = 10;
const minutesFromNow = (iso: string) => (Date.parse(iso) - Date.now()) / 60_000;

async function codeOf(email: string): Promise<string> {
  // The mailed code is only stored hashed: issue one and keep it.
  return issueCode(email, 'signup', 'individual', VALID);
}

async function failsWith(promise: Promise<unknown>, code: number) {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
}

describe('emailTimeReset', () => {
  it(`extends a sign-up proof, never past ${MAX_TOKEN_LIFETIMES} periods after its code was mailed`, async () => {
    const email = 'extend@example.org';
    const { emailToken } = await verifyCode(email, 'signup', 'individual', await codeOf(email), VALID);
    const { db } = rt().database;
    const { challengeId } = await readEmailToken(emailToken, 'signup', 'individual');
    const age = async (minutes: number) =>
      db
        .update(emailChallenges)
        .set({ createdAt: sql`now() - make_interval(secs => ${minutes * 60})` })
        .where(eq(emailChallenges.id, challengeId));

    expect(minutesFromNow((await extendEmailToken(emailToken, VALID)).expiresAt)).toBeGreaterThan(9.9);
    await age(25); // the cap is 30 minutes after the code: 5 minutes from now, below the 10 it has
    const capped = await extendEmailToken(emailToken, VALID);
    expect(minutesFromNow(capped.expiresAt)).toBeGreaterThan(9.5); // never shortened
    await db
      .update(emailChallenges)
      .set({ tokenExpiresAt: sql`now() + interval '1 minute'` })
      .where(eq(emailChallenges.id, challengeId));
    const limited = await extendEmailToken(emailToken, VALID);
    expect(minutesFromNow(limited.expiresAt)).toBeGreaterThan(4.9);
    expect(minutesFromNow(limited.expiresAt)).toBeLessThan(5.1);
    await age(29.5);
    expect(minutesFromNow((await extendEmailToken(emailToken, VALID)).expiresAt)).toBeLessThan(5.1);
  });

  it('never extends a reset token', async () => {
    const id = await createLinkChallenge('reset-me@example.org', 'reset', 'individual');
    const { emailToken, expiresAt } = await grantToken(id, VALID);
    await failsWith(extendEmailToken(emailToken, VALID), -8);
    expect((await readEmailToken(emailToken, 'reset', 'individual')).expiresAt.toISOString()).toBe(expiresAt);
  });
});

describe('voidResetChallenges', () => {
  it('uses up every open reset link of the account but the one kept, and nothing else', async () => {
    const email = 'void@example.org';
    const tokens = [];
    for (let i = 0; i < 3; i++)
      tokens.push((await grantToken(await createLinkChallenge(email, 'reset', 'individual'), VALID)).emailToken);
    const organ = (await grantToken(await createLinkChallenge(email, 'reset', 'organ'), VALID)).emailToken;
    const kept = await readEmailToken(tokens[2]!, 'reset', 'individual');
    await voidResetChallenges(rt().database.db, email.toUpperCase(), 'individual', kept.challengeId);
    for (const token of tokens.slice(0, 2)) await failsWith(readEmailToken(token, 'reset', 'individual'), -8);
    expect((await readEmailToken(tokens[2]!, 'reset', 'individual')).email).toBe(email);
    expect((await readEmailToken(organ, 'reset', 'organ')).email).toBe(email);
    await voidResetChallenges(rt().database.db, email, 'individual');
    await failsWith(readEmailToken(tokens[2]!, 'reset', 'individual'), -8);
  });
});

describe('verifyCode', () => {
  it('counts parallel wrong guesses atomically: five tries at most', async () => {
    const email = 'guess@example.org';
    const code = await codeOf(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => verifyCode(email, 'signup', 'individual', wrong, VALID)),
    );
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    await failsWith(verifyCode(email, 'signup', 'individual', code, VALID), -12);
    const [row] = await rt().database.db.select().from(emailChallenges).where(eq(emailChallenges.email, email));
    expect(row!.attempts).toBe(5);
  });
});
