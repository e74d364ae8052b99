import { eq } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import { accounts, organisations, type UserType } from '../../db/schema';
import { consumeLimit } from '../../auth/rate-limits';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { isEmailTaken, personIdHash } from './account-store';
import { readEmailToken } from './email-challenges';
import { CHECKS_PER_CLIENT, CHECKS_PER_TOKEN } from './visitor-limits';

export async function isPersonIdTaken(personId: string): Promise<boolean> {
  const { db } = (await runtime()).database;
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.personIdHash, await personIdHash(personId)))
    .limit(1);
  return rows.length > 0;
}

export async function isTaxIdTaken(taxId: string): Promise<boolean> {
  const { db } = (await runtime()).database;
  const rows = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.taxId, taxId))
    .limit(1);
  return rows.length > 0;
}

/**
 * The availability checks answer who is registered, so they need the proof of the sign-up flow:
 * a valid sign-up EmailAuthorization token of this user type (-8 without), and a few checks per
 * token and per client address (-11).
 */
export async function authorizeAvailabilityCheck(emailToken: string | null, userType: UserType, ip: string) {
  const verified = await readEmailToken(emailToken, 'signup', userType);
  await consumeLimit(CHECKS_PER_CLIENT, ip);
  await consumeLimit(CHECKS_PER_TOKEN, `challenge:${verified.challengeId}`);
}

/** checkEmail: -13 when the address is registered for this user type (after `authorizeAvailabilityCheck`). */
export async function assertEmailAvailable(userType: UserType, email: string): Promise<void> {
  if (await isEmailTaken(userType, email))
    throw new AppError(ErrorCode.DUPLICATE, { fields: ['email'] }, { key: 'emailTaken' });
}

/** checkPersonId: -13 when the national ID is registered (after `authorizeAvailabilityCheck`). */
export async function assertPersonIdAvailable(personId: string): Promise<void> {
  if (await isPersonIdTaken(personId))
    throw new AppError(ErrorCode.DUPLICATE, { fields: ['personId'] }, { key: 'personIdTaken' });
}
