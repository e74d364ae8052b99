import { and, count, eq, gt, lt } from 'drizzle-orm';
import { ErrorCode } from '../../lib/error-codes';
import { loginFailures, type UserType } from '../db/schema';
import { AppError } from '../http/app-error';
import { runtime } from '../runtime';

/** Failures allowed within the block window before sign-in is refused. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

const subjects = (userType: UserType, email: string, ip: string) => ({
  account: `account:${userType}:${email}`,
  address: `address:${ip}`,
});

/**
 * Refuses a sign-in while the account or the address has failed too often within the last
 * `loginBlockMinute` minutes (system settings). Counted in the database, so every process agrees.
 */
export async function assertNotBlocked(
  userType: UserType,
  email: string,
  ip: string,
  blockMinutes: number,
  now: Date = new Date(),
) {
  const { db } = (await runtime()).database;
  const since = new Date(now.getTime() - blockMinutes * 60_000);
  const { account, address } = subjects(userType, email, ip);
  const failures = async (subject: string) =>
    (
      await db
        .select({ n: count() })
        .from(loginFailures)
        .where(and(eq(loginFailures.subject, subject), gt(loginFailures.failedAt, since)))
    )[0]?.n ?? 0;
  if ((await failures(account)) >= MAX_FAILURES_PER_ACCOUNT || (await failures(address)) >= MAX_FAILURES_PER_ADDRESS) {
    throw new AppError(
      ErrorCode.NO_PERMISSION,
      { reason: 'loginBlocked', blockMinutes },
      { key: 'loginBlocked', values: { minutes: blockMinutes } },
    );
  }
}

export async function recordFailure(
  userType: UserType,
  email: string,
  ip: string,
  now: Date = new Date(),
): Promise<void> {
  const { db } = (await runtime()).database;
  const { account, address } = subjects(userType, email, ip);
  await db.insert(loginFailures).values([
    { subject: account, failedAt: now },
    { subject: address, failedAt: now },
  ]);
  // Old rows never matter again: keep the table small.
  await db.delete(loginFailures).where(lt(loginFailures.failedAt, new Date(now.getTime() - 24 * 60 * 60_000)));
}

/** A successful sign-in clears the account's failures (not the address's). */
export async function clearFailures(userType: UserType, email: string): Promise<void> {
  const { db } = (await runtime()).database;
  await db.delete(loginFailures).where(eq(loginFailures.subject, `account:${userType}:${email}`));
}
