import { and, asc, eq } from 'drizzle-orm';
import { ROLES, type Role } from '../../../lib/roles';
import { accountRoles, accounts, auditLog } from '../../db/schema';
import { runtime } from '../../runtime';

/** A role command that cannot be carried out, with the reason to print. */
export class RoleError extends Error {}

function parseRole(value: string): Role {
  if (!(ROLES as readonly string[]).includes(value))
    throw new RoleError(`Unknown role ${value}: one of ${ROLES.join(', ')}`);
  return value as Role;
}

async function accountIdOf(email: string): Promise<number> {
  const { db } = (await runtime()).database;
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.email, email.trim().toLowerCase()));
  if (!row) throw new RoleError(`No individual account has the e-mail address ${email}`);
  return row.id;
}

/**
 * Grants a role to an individual account (DESIGN.md §14), audited with who ran the command.
 * Granting a role the account holds already changes nothing and says so.
 */
export async function grantRole(email: string, roleName: string, by: string): Promise<'granted' | 'held already'> {
  const role = parseRole(roleName);
  const accountId = await accountIdOf(email);
  const { db } = (await runtime()).database;
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(accountRoles)
      .values({ accountId, role, grantedBy: by })
      .onConflictDoNothing()
      .returning({ id: accountRoles.id });
    if (inserted.length === 0) return 'held already';
    await tx.insert(auditLog).values({
      actorType: 'system',
      action: 'role.grant',
      detail: { accountId, role, by },
    });
    return 'granted';
  });
}

/** Revokes a role; the account's next request no longer has it (roles are read with the session). */
export async function revokeRole(email: string, roleName: string, by: string): Promise<'revoked' | 'not held'> {
  const role = parseRole(roleName);
  const accountId = await accountIdOf(email);
  const { db } = (await runtime()).database;
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(accountRoles)
      .where(and(eq(accountRoles.accountId, accountId), eq(accountRoles.role, role)))
      .returning({ id: accountRoles.id });
    if (deleted.length === 0) return 'not held';
    await tx.insert(auditLog).values({
      actorType: 'system',
      action: 'role.revoke',
      detail: { accountId, role, by },
    });
    return 'revoked';
  });
}

/** Every role held, by account e-mail. */
export async function listRoles(): Promise<{ email: string; role: Role; grantedBy: string; grantedAt: Date }[]> {
  const { db } = (await runtime()).database;
  return db
    .select({
      email: accounts.email,
      role: accountRoles.role,
      grantedBy: accountRoles.grantedBy,
      grantedAt: accountRoles.grantedAt,
    })
    .from(accountRoles)
    .innerJoin(accounts, eq(accounts.id, accountRoles.accountId))
    .orderBy(asc(accounts.email), asc(accountRoles.role));
}
