import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useMemoryRuntime } from '../test-runtime';
import { accounts, sessions } from '../db/schema';
import { ABSOLUTE_LIMIT_MS, createSession, resolveSession } from './sessions';
import { tokenHash } from './secrets';

const rt = useMemoryRuntime();

const DAY = 24 * 60 * 60 * 1000;

/** Moves a session's sign-in back in time, as if it had been used every day since. */
async function signedInAgo(token: string, ms: number) {
  const past = new Date(Date.now() - ms);
  await rt()
    .database.db.update(sessions)
    .set({ createdAt: past, lastSeenAt: new Date(Date.now() - 2 * 60_000) })
    .where(eq(sessions.tokenHash, tokenHash(token)));
}

let input: { userType: 'individual'; accountId: number; ip: string; userAgent: string };

beforeAll(async () => {
  const [row] = await rt()
    .database.db.insert(accounts)
    .values({
      email: 'session@example.org',
      passwordHash: 'x',
      nameZh: '陳小明',
      personIdEncrypted: 'x',
      personIdHash: 'session-test',
      birthDate: '1990-01-01',
    })
    .returning({ id: accounts.id });
  input = { userType: 'individual', accountId: row!.id, ip: '127.0.0.1', userAgent: 'test' };
});

describe('sessions', () => {
  it('ends a remembered session 90 days after sign-in, however often it was used', async () => {
    const { token } = await createSession({ ...input, remember: true });
    await signedInAgo(token, ABSOLUTE_LIMIT_MS.remembered - DAY);
    expect(await resolveSession(token)).not.toBeNull();
    // Use slid the expiry, but not past the absolute end.
    const [row] = await rt()
      .database.db.select()
      .from(sessions)
      .where(eq(sessions.tokenHash, tokenHash(token)));
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(row!.createdAt.getTime() + ABSOLUTE_LIMIT_MS.remembered);
    await signedInAgo(token, ABSOLUTE_LIMIT_MS.remembered + 60_000);
    expect(await resolveSession(token)).toBeNull();
  });

  it('brings the account with the session, never its password hash', async () => {
    const { token } = await createSession({ ...input, remember: false });
    const actor = await resolveSession(token);
    expect(actor?.account).toMatchObject({ userType: 'individual', email: 'session@example.org', nameZh: '陳小明' });
    expect(actor?.account).not.toHaveProperty('passwordHash');
  });

  it('ends a browser session a day after sign-in even while it is kept busy', async () => {
    const { token } = await createSession({ ...input, remember: false });
    expect(await resolveSession(token)).not.toBeNull();
    await signedInAgo(token, DAY + 60_000);
    expect(await resolveSession(token)).toBeNull();
  });
});
