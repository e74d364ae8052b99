import { eq } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import { accounts, organisations, type UserType } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { runtime } from '../../runtime';
import { isEmailTaken, personIdHash } from './account-store';

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

/** checkEmail: -13 when the address is registered for this user type. */
export async function assertEmailAvailable(userType: UserType, email: string): Promise<void> {
  if (await isEmailTaken(userType, email))
    throw new AppError(ErrorCode.DUPLICATE, { fields: ['email'] }, { key: 'emailTaken' });
}

/** checkPersonId: -13 when the national ID is registered. */
export async function assertPersonIdAvailable(personId: string): Promise<void> {
  if (await isPersonIdTaken(personId))
    throw new AppError(ErrorCode.DUPLICATE, { fields: ['personId'] }, { key: 'personIdTaken' });
}
