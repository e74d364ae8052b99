import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import { emailChallenges, type EmailPurpose, type UserType } from '../../db/schema';
import { newToken, tokenHash } from '../../auth/secrets';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import type { Executor } from '../../db/client';

export const CODE_RESEND_SECONDS = 60;
export const MAX_CODE_ATTEMPTS = 5;
/**
 * A sign-up proof can be given more time (emailTimeReset), but never past this many validity
 * periods (`webEmailValidMinute`) after its code was mailed. A reset link is never extended.
 */
export const MAX_TOKEN_LIFETIMES = 3;

export interface EmailToken {
  emailToken: string;
  expiresAt: string;
}

/** The newest challenge for an address, purpose and kind of account. */
async function latestChallenge(email: string, purpose: EmailPurpose, userType: UserType, executor?: Executor) {
  const db = executor ?? (await runtime()).database.db;
  const [row] = await db
    .select()
    .from(emailChallenges)
    .where(
      and(
        eq(emailChallenges.email, email),
        eq(emailChallenges.purpose, purpose),
        eq(emailChallenges.userType, userType),
      ),
    )
    .orderBy(desc(emailChallenges.createdAt))
    .limit(1);
  return row;
}

/** A new six-digit code for an address, replacing any earlier one; refused within a minute of the last. */
export async function issueCode(
  email: string,
  purpose: EmailPurpose,
  userType: UserType,
  validMinutes: number,
  executor?: Executor,
) {
  const db = executor ?? (await runtime()).database.db;
  const last = await latestChallenge(email, purpose, userType, db);
  const wait = last ? CODE_RESEND_SECONDS - Math.floor((Date.now() - last.createdAt.getTime()) / 1000) : 0;
  if (wait > 0) {
    throw new AppError(
      ErrorCode.DATA_CHECK,
      { fields: ['email'], retryAfterSeconds: wait },
      { key: 'codeTooSoon', values: { seconds: wait } },
    );
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.insert(emailChallenges).values({
    email,
    purpose,
    userType,
    codeHash: tokenHash(code),
    codeExpiresAt: new Date(Date.now() + validMinutes * 60_000),
  });
  return code;
}

/**
 * Checks a mailed code against the latest challenge for the address. Every try is counted first,
 * in one statement that refuses past five (`attempts < MAX` in the UPDATE), so parallel guesses
 * cannot get more tries than that. A right code becomes an EmailAuthorization token, valid
 * `validMinutes`.
 */
export async function verifyCode(
  email: string,
  purpose: EmailPurpose,
  userType: UserType,
  code: string,
  validMinutes: number,
): Promise<EmailToken> {
  const { db } = (await runtime()).database;
  const challenge = await latestChallenge(email, purpose, userType);
  const fields = { fields: ['code'] };
  if (!challenge?.codeHash || challenge.usedAt || challenge.tokenHash)
    throw new AppError(ErrorCode.VERIFICATION_CODE, fields, { key: 'codeExpired' });
  if (!challenge.codeExpiresAt || challenge.codeExpiresAt <= new Date())
    throw new AppError(ErrorCode.VERIFICATION_CODE, fields, { key: 'codeExpired' });
  const counted = await db
    .update(emailChallenges)
    .set({ attempts: sql`${emailChallenges.attempts} + 1` })
    .where(and(eq(emailChallenges.id, challenge.id), lt(emailChallenges.attempts, MAX_CODE_ATTEMPTS)))
    .returning({ attempts: emailChallenges.attempts });
  if (counted.length === 0) throw new AppError(ErrorCode.VERIFICATION_CODE, fields, { key: 'codeTooManyAttempts' });
  if (challenge.codeHash !== tokenHash(code))
    throw new AppError(ErrorCode.VERIFICATION_CODE, fields, { key: 'codeWrong' });
  return grantToken(challenge.id, validMinutes);
}

/** Issues the EmailAuthorization token of a challenge (after a code, or straight away for a mailed link). */
export async function grantToken(challengeId: number, validMinutes: number, executor?: Executor): Promise<EmailToken> {
  const db = executor ?? (await runtime()).database.db;
  const emailToken = newToken();
  const expiresAt = new Date(Date.now() + validMinutes * 60_000);
  await db
    .update(emailChallenges)
    .set({ tokenHash: tokenHash(emailToken), tokenExpiresAt: expiresAt })
    .where(eq(emailChallenges.id, challengeId));
  return { emailToken, expiresAt: expiresAt.toISOString() };
}

export async function createLinkChallenge(
  email: string,
  purpose: EmailPurpose,
  userType: UserType,
  executor?: Executor,
) {
  const db = executor ?? (await runtime()).database.db;
  const [row] = await db
    .insert(emailChallenges)
    .values({ email, purpose, userType })
    .returning({ id: emailChallenges.id });
  return row!.id;
}

export interface VerifiedEmail {
  challengeId: number;
  email: string;
  purpose: EmailPurpose;
  userType: UserType;
  expiresAt: Date;
}

/** The address an EmailAuthorization token proves, if the token is valid, unused and unexpired; else -8. */
export async function readEmailToken(
  token: string | null,
  purpose: EmailPurpose,
  userType: UserType,
): Promise<VerifiedEmail> {
  const invalid = new AppError(
    ErrorCode.TOKEN_INVALID,
    { fields: ['EmailAuthorization'] },
    { key: 'emailTokenInvalid' },
  );
  if (!token || !/^[\w-]{20,100}$/.test(token)) throw invalid;
  const { db } = (await runtime()).database;
  const [row] = await db
    .select()
    .from(emailChallenges)
    .where(
      and(
        eq(emailChallenges.tokenHash, tokenHash(token)),
        isNull(emailChallenges.usedAt),
        gt(emailChallenges.tokenExpiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!row || row.purpose !== purpose || row.userType !== userType) throw invalid;
  return {
    challengeId: row.id,
    email: row.email,
    purpose: row.purpose,
    userType: row.userType,
    expiresAt: row.tokenExpiresAt!,
  };
}

/** Uses a token up, so a reset link or sign-up proof works once. Fails if another request used it first. */
export async function consumeEmailToken(challengeId: number, executor?: Executor): Promise<void> {
  const db = executor ?? (await runtime()).database.db;
  const used = await db
    .update(emailChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(emailChallenges.id, challengeId), isNull(emailChallenges.usedAt)))
    .returning({ id: emailChallenges.id });
  if (used.length === 0) throw new AppError(ErrorCode.TOKEN_INVALID, null, { key: 'emailTokenInvalid' });
}

/**
 * Voids every open reset challenge of an account (marks it used), but `exceptId`: a new reset
 * link, a completed reset and a password change each leave no other reset link working.
 */
export async function voidResetChallenges(
  executor: Executor,
  email: string,
  userType: UserType,
  exceptId?: number,
): Promise<void> {
  await executor
    .update(emailChallenges)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailChallenges.email, email.toLowerCase()),
        eq(emailChallenges.purpose, 'reset'),
        eq(emailChallenges.userType, userType),
        isNull(emailChallenges.usedAt),
        exceptId === undefined ? undefined : ne(emailChallenges.id, exceptId),
      ),
    );
}

/**
 * emailTimeReset: gives a still-valid sign-up token another validity period, but never past
 * `MAX_TOKEN_LIFETIMES` periods after its code was mailed. A reset link's token is never
 * extended (-8): it lives `webEmailValidMinute` from the mail.
 */
export async function extendEmailToken(token: string | null, validMinutes: number): Promise<{ expiresAt: string }> {
  const invalid = new AppError(ErrorCode.TOKEN_INVALID, null, { key: 'emailTokenInvalid' });
  if (!token || !/^[\w-]{20,100}$/.test(token)) throw invalid;
  const { db } = (await runtime()).database;
  const period = validMinutes * 60;
  const wanted = sql`least(now() + make_interval(secs => ${period}), ${emailChallenges.createdAt} + make_interval(secs => ${period * MAX_TOKEN_LIFETIMES}))`;
  const rows = await db
    .update(emailChallenges)
    .set({ tokenExpiresAt: sql`greatest(${emailChallenges.tokenExpiresAt}, ${wanted})` })
    .where(
      and(
        eq(emailChallenges.tokenHash, tokenHash(token)),
        eq(emailChallenges.purpose, 'signup'),
        isNull(emailChallenges.usedAt),
        gt(emailChallenges.tokenExpiresAt, new Date()),
      ),
    )
    .returning({ expiresAt: emailChallenges.tokenExpiresAt });
  const expiresAt = rows[0]?.expiresAt;
  if (!expiresAt) throw invalid;
  return { expiresAt: new Date(expiresAt).toISOString() };
}
