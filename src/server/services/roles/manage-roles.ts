import { and, asc, eq, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import { ROLES, type OfficeRole, type Role } from '../../../lib/roles';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import { accountRoles, accounts, secondFactors } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { type AuditActor, recordAudit } from '../accounts/audit';
import { removeSecondFactor, withSecondFactor } from '../staff/second-factor';
import { secondFactorChange } from '../staff/second-factor-notice';
import { prepareReviewTakeBack, type ReviewTakeBack } from './take-back-reviews';

/** A role command that cannot be carried out, with the reason to print. */
export class RoleError extends Error {}

function parseRole(value: string): Role {
  if (!(ROLES as readonly string[]).includes(value))
    throw new RoleError(`Unknown role ${value}: one of ${ROLES.join(', ')}`);
  return value as Role;
}

async function accountIdOf(executor: Executor, email: string): Promise<number | null> {
  const [row] = await executor
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.email, email.trim().toLowerCase()));
  return row?.id ?? null;
}

interface RoleChange {
  accountId: number;
  role: Role;
  /** Who did it, as the roles table keeps it (the console's admin, or the command's user). */
  by: string;
  actor: AuditActor;
  ip?: string;
  /** A reviewer role's open assignments taken back with it (`prepareReviewTakeBack`). */
  takeBack?: ReviewTakeBack | null;
}

/** Audits a role granted or revoked: the role stands after a grant and before a revocation. */
function auditRoleChange(tx: Executor, change: RoleChange, action: 'role.grant' | 'role.revoke') {
  const held = { role: change.role };
  return recordAudit(tx, {
    actor: change.actor,
    action,
    ip: change.ip,
    target: { type: 'account', id: change.accountId },
    before: action === 'role.grant' ? null : held,
    after: action === 'role.grant' ? held : null,
    detail: { accountId: change.accountId, role: change.role, by: change.by },
  });
}

/** Grants in `tx`, audited; granting a held role changes nothing. */
async function grantIn(tx: Executor, change: RoleChange): Promise<'granted' | 'held already'> {
  const inserted = await tx
    .insert(accountRoles)
    .values({ accountId: change.accountId, role: change.role, grantedBy: change.by })
    .onConflictDoNothing()
    .returning({ id: accountRoles.id });
  if (inserted.length === 0) return 'held already';
  await auditRoleChange(tx, change, 'role.grant');
  return 'granted';
}

/**
 * Revokes in `tx`, audited; the account's next request no longer has it (roles are read with the
 * session). The last holder of `admin` keeps it, so someone can always manage roles. A reviewer
 * role takes back its holder's open assignments on its queue in the same transaction.
 */
async function revokeIn(tx: Executor, change: RoleChange): Promise<'revoked' | 'not held'> {
  if (change.role === 'admin') {
    // Every admin row locked, so two admins revoking each other at once cannot both succeed.
    const admins = await tx
      .select({ accountId: accountRoles.accountId })
      .from(accountRoles)
      .where(eq(accountRoles.role, 'admin'))
      .for('update');
    if (admins.length === 1 && admins[0]!.accountId === change.accountId)
      throw new AppError(ErrorCode.NO_PERMISSION, null, { key: 'lastAdmin' });
  }
  const deleted = await tx
    .delete(accountRoles)
    .where(and(eq(accountRoles.accountId, change.accountId), eq(accountRoles.role, change.role)))
    .returning({ id: accountRoles.id });
  if (deleted.length === 0) return 'not held';
  await auditRoleChange(tx, change, 'role.revoke');
  await change.takeBack?.(tx, change.actor, change.ip);
  return 'revoked';
}

/** The command's way in (`npm run admin`): by e-mail, audited with who ran it. */
export async function grantRole(email: string, roleName: string, by: string): Promise<'granted' | 'held already'> {
  const role = parseRole(roleName);
  const { db } = (await runtime()).database;
  const accountId = await accountIdOf(db, email);
  if (accountId === null) throw new RoleError(`No individual account has the e-mail address ${email}`);
  return db.transaction((tx) => grantIn(tx, { accountId, role, by, actor: { userType: 'system', accountId: null } }));
}

export async function revokeRole(email: string, roleName: string, by: string): Promise<'revoked' | 'not held'> {
  const role = parseRole(roleName);
  const { db } = (await runtime()).database;
  const accountId = await accountIdOf(db, email);
  if (accountId === null) throw new RoleError(`No individual account has the e-mail address ${email}`);
  const takeBack = await prepareReviewTakeBack(accountId, role);
  try {
    return await db.transaction((tx) =>
      revokeIn(tx, { accountId, role, by, actor: { userType: 'system', accountId: null }, takeBack }),
    );
  } catch (error) {
    if (error instanceof AppError) throw new RoleError(`${email} is the last admin: grant admin to another first`);
    throw error;
  }
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

/** One account that holds roles, as the console's roles page lists it. */
export interface RoleHolder {
  accountId: number;
  email: string;
  nameZh: string;
  nameEn: string;
  roles: { role: Role; grantedBy: string; grantedAt: Date }[];
  /** Whether an authenticator is set up (staff need one before their roles count). */
  secondFactor: boolean;
}

/** Everyone who holds a role, with their roles, in one statement. */
export async function listRoleHolders(): Promise<RoleHolder[]> {
  const { db } = (await runtime()).database;
  const rows = await db
    .select({
      accountId: accounts.id,
      email: accounts.email,
      nameZh: accounts.nameZh,
      nameEn: accounts.nameEn,
      roles: sql<
        [Role, string, string][]
      >`json_agg(json_build_array(${accountRoles.role}, ${accountRoles.grantedBy}, ${accountRoles.grantedAt}) ORDER BY ${accountRoles.role})`,
      secondFactor: sql<boolean>`bool_or(${secondFactors.confirmedAt} IS NOT NULL)`,
    })
    .from(accountRoles)
    .innerJoin(accounts, eq(accounts.id, accountRoles.accountId))
    .leftJoin(secondFactors, eq(secondFactors.accountId, accounts.id))
    .groupBy(accounts.id)
    .orderBy(asc(accounts.email));
  return rows.map((r) => ({
    ...r,
    secondFactor: Boolean(r.secondFactor),
    roles: r.roles.map(([role, grantedBy, grantedAt]) => ({ role, grantedBy, grantedAt: new Date(grantedAt) })),
  }));
}

function consoleChange(actor: Actor, accountId: number, role: Role, ip: string): RoleChange {
  return {
    accountId,
    role,
    by: `console (${actor.account.email})`,
    actor: { userType: 'individual', accountId: actor.accountId },
    ip,
  };
}

/**
 * The console's grant (admin only, checked by the endpoint): to the individual account with this
 * e-mail, with a fresh second-factor code in the same transaction.
 */
export async function grantRoleInConsole(
  actor: Actor,
  input: { email: string; role: Role; code: string },
  ip: string,
): Promise<{ accountId: number; result: 'granted' | 'held already' }> {
  const { db } = (await runtime()).database;
  const accountId = await accountIdOf(db, input.email);
  if (accountId === null)
    throw new AppError(ErrorCode.DATA_CHECK, { fields: ['email'] }, { key: 'noIndividualAccount' });
  const result = await withSecondFactor(actor, input.code, ip, (tx) =>
    grantIn(tx, consoleChange(actor, accountId, input.role, ip)),
  );
  return { accountId, result };
}

/**
 * An admin takes an office role themselves (admin only, checked by the endpoint): a new portal's
 * first admin holds `admin` alone, which opens no desk of the office. With a fresh second-factor
 * code, audited as every grant.
 */
export async function takeRoleInConsole(
  actor: Actor,
  input: { role: OfficeRole; code: string },
  ip: string,
): Promise<{ result: 'granted' | 'held already' }> {
  const result = await withSecondFactor(actor, input.code, ip, (tx) =>
    grantIn(tx, consoleChange(actor, actor.accountId, input.role, ip)),
  );
  return { result };
}

/**
 * The console's revoke, with a fresh second-factor code; the last admin cannot be revoked. A
 * reviewer role's open assignments are taken back with it (`prepareReviewTakeBack`).
 */
export async function revokeRoleInConsole(
  actor: Actor,
  input: { accountId: number; role: Role; code: string },
  ip: string,
): Promise<{ result: 'revoked' | 'not held' }> {
  const takeBack = await prepareReviewTakeBack(input.accountId, input.role);
  const result = await withSecondFactor(actor, input.code, ip, (tx) =>
    revokeIn(tx, { ...consoleChange(actor, input.accountId, input.role, ip), takeBack }),
  );
  return { result };
}

/**
 * Removes a staff member's authenticator (a lost phone), with the admin's fresh code: they set one
 * up again at their next staff page, and are told by mail. Not one's own (that needs another admin).
 */
export async function resetSecondFactorInConsole(
  actor: Actor,
  input: { accountId: number; code: string },
  ip: string,
): Promise<{ result: 'removed' | 'none' }> {
  if (input.accountId === actor.accountId)
    throw new AppError(ErrorCode.NO_PERMISSION, null, { key: 'ownSecondFactor' });
  const recordChange = await secondFactorChange(input.accountId, 'reset');
  const removed = await withSecondFactor(actor, input.code, ip, async (tx) => {
    const done = await removeSecondFactor(tx, input.accountId);
    if (done) {
      await recordChange(tx, actor, ip);
    }
    return done;
  });
  return { result: removed ? 'removed' : 'none' };
}
