import { type CaptchaLevel, clampLevel, levelForFailures } from '../../lib/captcha';
import { ErrorCode } from '../../lib/error-codes';
import { AppError } from '../app-error';
import {
  consumeLimit,
  type LimitRule,
  limitState,
  resetLimit,
  resetLimitsStartingWith,
  retryAfterSeconds,
  tooManyRequests,
} from './rate-limits';

/**
 * Protection of the sign-in against guessing (OWASP's authentication cheat sheet and
 * rate-limiter-flexible's "login endpoint protection" recipe), counted in the database:
 *
 * - per account and address: after MAX_PAIR_FAILURES failures within `loginBlockMinute` that pair
 *   waits `loginBlockMinute`; the owner elsewhere is not affected, so nobody can lock a member out;
 * - per address, across accounts: MAX_ADDRESS_FAILURES failures a day refuse the address
 *   (credential stuffing, password spraying);
 * - per account, across addresses: failures never refuse anyone, they make the captcha of that
 *   account harder (ACCOUNT_LEVEL_STEPS), so a botnet pays for every guess.
 *
 * Subjects are accounts (`individual:12`) once the typed identifier is resolved, so the e-mail and
 * the national ID count together; an identifier that matches no account counts as itself.
 */

/** Failures of one account from one address before that pair is refused. */
export const MAX_PAIR_FAILURES = 5;
/** Failures from one address, any accounts, within a day before the address is refused for a day. */
export const MAX_ADDRESS_FAILURES = 100;
/** Failures of one account, any address, within a day from which its captcha is level 2, then 3. */
export const ACCOUNT_LEVEL_STEPS = [10, 30] as const;
/** Failures from one address within a day from which the captchas it gets are level 2, then 3. */
export const ADDRESS_LEVEL_STEPS = [20, 50] as const;

const DAY_SECONDS = 24 * 60 * 60;

// Each refusing rule allows one point fewer than its maximum: the failure that reaches the
// maximum is the one that starts the block, for its full length.
const pairRule = (blockMinutes: number): LimitRule => ({
  name: 'login-pair',
  points: MAX_PAIR_FAILURES - 1,
  durationSeconds: blockMinutes * 60,
  blockSeconds: blockMinutes * 60,
});
const addressRule: LimitRule = {
  name: 'login-address',
  points: MAX_ADDRESS_FAILURES - 1,
  durationSeconds: DAY_SECONDS,
  blockSeconds: DAY_SECONDS,
};
const accountRule: LimitRule = { name: 'login-account', points: 1_000_000, durationSeconds: DAY_SECONDS };

/** Who a sign-in is for: the account it resolved to, or the identifier as typed when none. */
export function loginSubject(userType: string, accountId: number | null, typed: string): string {
  return accountId === null ? `${userType}:?${typed.trim().toLowerCase()}` : `${userType}:${accountId}`;
}

const pairKey = (subject: string, ip: string) => `${subject}|${ip}`;

async function failures(rule: LimitRule, subject: string): Promise<number> {
  return (await limitState(rule, subject))?.consumedPoints ?? 0;
}

/**
 * Before the password is checked: -11 while the address, or this account from this address, has
 * failed too often; otherwise the captcha level this sign-in must have solved (raised by the
 * account's failures from anywhere and the address's own). The three counters are read once, together.
 */
export async function assertLoginAllowed(subject: string, ip: string, blockMinutes: number): Promise<CaptchaLevel> {
  const [address, pair, account] = await Promise.all([
    limitState(addressRule, ip),
    limitState(pairRule(blockMinutes), pairKey(subject, ip)),
    limitState(accountRule, subject),
  ]);
  if (address && address.consumedPoints >= MAX_ADDRESS_FAILURES) throw tooManyRequests(retryAfterSeconds(address));
  if (pair && pair.consumedPoints >= MAX_PAIR_FAILURES) {
    const seconds = retryAfterSeconds(pair);
    throw new AppError(
      ErrorCode.NO_PERMISSION,
      { reason: 'loginBlocked', blockMinutes, retryAfterSeconds: seconds },
      { key: 'loginBlocked', values: { minutes: Math.ceil(seconds / 60) } },
    );
  }
  return Math.max(
    levelForFailures(account?.consumedPoints ?? 0, ACCOUNT_LEVEL_STEPS),
    levelForFailures(address?.consumedPoints ?? 0, ADDRESS_LEVEL_STEPS),
  ) as CaptchaLevel;
}

/** The level of a captcha served to `ip`: what it asked for, or more after its own failures. */
export async function captchaLevelFor(ip: string, asked: number): Promise<CaptchaLevel> {
  return clampLevel(Math.max(asked, levelForFailures(await failures(addressRule, ip), ADDRESS_LEVEL_STEPS)));
}

/** Counts one failure against a rule; reaching its maximum starts the block, refused from the next try. */
async function count(rule: LimitRule, subject: string): Promise<void> {
  try {
    await consumeLimit(rule, subject);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
}

/** A wrong password (or unknown account): counts for the pair, the address and the account. */
export async function recordLoginFailure(subject: string, ip: string, blockMinutes: number): Promise<void> {
  await Promise.all([
    count(pairRule(blockMinutes), pairKey(subject, ip)),
    count(addressRule, ip),
    count(accountRule, subject),
  ]);
}

/** A captcha that did not pass counts against the address only (it says nothing of the account). */
export async function recordCaptchaFailure(ip: string): Promise<void> {
  await count(addressRule, ip);
}

/** A successful sign-in forgets the failures of this account from this address. */
export async function clearPairFailures(subject: string, ip: string, blockMinutes: number): Promise<void> {
  await resetLimit(pairRule(blockMinutes), pairKey(subject, ip));
}

/** A completed password reset forgets the account's failures everywhere: the owner is back in. */
export async function clearAccountFailures(subject: string): Promise<void> {
  await Promise.all([resetLimit(accountRule, subject), resetLimitsStartingWith(pairRule(1), `${subject}|`)]);
}
