import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { isLocale, type Locale } from '../../../lib/locales';
import { accounts, organisations, type UserType } from '../../db/schema';
import { keyedHash } from '../../auth/secrets';
import { runtime } from '../../runtime';
import type { Executor } from '../../db/client';
import { personName } from '../../../lib/validators/name';

/** What sign-in, password and e-mail use cases need of either kind of account. */
export interface Credentials {
  id: number;
  email: string;
  /** Null for an account with no password yet (a member brought over by `npm run import`). */
  passwordHash: string | null;
  mustChangePassword: boolean;
  displayName: string;
  /** The names an attacker would try first: the person's or organisation's, the contact's. */
  names: string[];
  preferredLocale: string;
}

export async function personIdHash(personId: string): Promise<string> {
  return keyedHash((await runtime()).secrets.personIdHashKey, personId);
}

/**
 * Finds an account by what its owner types to sign in: the e-mail address, or also the
 * national ID (individuals) or business number (organisations).
 */
export async function findCredentials(userType: UserType, login: string): Promise<Credentials | null> {
  const { db } = (await runtime()).database;
  const value = login.trim();
  if (userType === 'individual') {
    const [row] = await db
      .select()
      .from(accounts)
      .where(
        and(
          // A closed account signs no one in and is mailed no link: as if there were none.
          isNull(accounts.closedAt),
          or(
            eq(accounts.email, value.toLowerCase()),
            eq(accounts.personIdHash, await personIdHash(value.toUpperCase())),
          ),
        ),
      )
      .limit(1);
    return row ? { ...row, displayName: personName(row, 'zh-tw'), names: [row.nameZh, row.nameEn] } : null;
  }
  const [row] = await db
    .select()
    .from(organisations)
    .where(or(eq(organisations.email, value.toLowerCase()), eq(organisations.taxId, value)))
    .limit(1);
  return row ? { ...row, displayName: row.name, names: [row.name, row.nameEn, row.contactName] } : null;
}

export async function findCredentialsById(userType: UserType, id: number): Promise<Credentials | null> {
  const { db } = (await runtime()).database;
  if (userType === 'individual') {
    const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
    return row ? { ...row, displayName: row.nameZh, names: [row.nameZh, row.nameEn] } : null;
  }
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id)).limit(1);
  return row ? { ...row, displayName: row.name, names: [row.name, row.nameEn, row.contactName] } : null;
}

/**
 * Replaces the password hash (and clears the first-login flag) of either kind of account.
 * `emailProven`: the change came through a mailed link, so the address is the owner's (an
 * imported member's address is unproven until then).
 */
export async function storePasswordHash(
  userType: UserType,
  id: number,
  passwordHash: string,
  executor?: Executor,
  emailProven = false,
) {
  const db = executor ?? (await runtime()).database.db;
  const values = { passwordHash, mustChangePassword: false, updatedAt: new Date() };
  if (userType === 'individual')
    await db
      .update(accounts)
      .set({
        ...values,
        ...(emailProven ? { emailVerifiedAt: sql`coalesce(${accounts.emailVerifiedAt}, now())` } : {}),
      })
      .where(eq(accounts.id, id));
  else await db.update(organisations).set(values).where(eq(organisations.id, id));
}

/**
 * The account (of `userType`) an address belongs to: the language it reads mail in, and whether
 * it has a password yet (a member brought over from an old system has none until the
 * first-sign-in link); null when no account has it.
 */
export async function registeredAddress(
  userType: UserType,
  email: string,
): Promise<{ preferredLocale: Locale; hasPassword: boolean; closed: boolean } | null> {
  const { db } = (await runtime()).database;
  const table = userType === 'individual' ? accounts : organisations;
  const [row] = await db
    .select({
      preferredLocale: table.preferredLocale,
      hasPassword: sql<boolean>`${table.passwordHash} IS NOT NULL`,
      closed: userType === 'individual' ? sql<boolean>`${accounts.closedAt} IS NOT NULL` : sql<boolean>`false`,
    })
    .from(table)
    .where(eq(table.email, email.toLowerCase()))
    .limit(1);
  if (!row) return null;
  return {
    preferredLocale: isLocale(row.preferredLocale) ? row.preferredLocale : 'zh-tw',
    hasPassword: row.hasPassword,
    closed: row.closed,
  };
}

export async function isEmailTaken(userType: UserType, email: string): Promise<boolean> {
  return (await registeredAddress(userType, email)) !== null;
}
