/**
 * The office closes an individual account (DESIGN.md §19): at the person's request, or a duplicate
 * no one uses. The account stays with its records (payments, credits and papers are the society's
 * to keep) but signs no one in: its sessions end, its open mailed links stop working, and the
 * sign-in, the reset mail and the session lookup treat it as absent. A running membership is
 * ended first (the member leaves through the membership's own flow), and roles are revoked first,
 * so closing never takes a right away behind the roles desk's back. The office may reopen it.
 */
import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import type { Actor } from '../../auth/sessions';
import { accountRoles, accounts, memberships, sessions } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { recordAudit } from '../accounts/audit';
import { voidResetChallenges } from '../accounts/email-challenges';
import { voidEmailVerifications } from '../accounts/verify-email';
import { statusOf } from './people';

/** Statuses of a membership that still runs: its account cannot be closed. */
const RUNNING = new Set(['active', 'inGrace', 'paused']);

export async function closeAccount(staff: Actor, accountId: number, reason: string, ip: string): Promise<void> {
  const { db } = (await runtime()).database;
  const [membership] = await db
    .select({
      class_id: memberships.classId,
      term_end: memberships.termEnd,
      paused_from: memberships.pausedFrom,
      paused_until: memberships.pausedUntil,
      last_day: memberships.lastDay,
    })
    .from(memberships)
    .where(eq(memberships.accountId, accountId));
  const status = membership ? await statusOf(membership) : null;
  if (status && RUNNING.has(status)) throw new AppError(ErrorCode.DATA_CHECK, null, { key: 'closeMember' });
  if (accountId === staff.accountId) throw new AppError(ErrorCode.DATA_CHECK, null, { key: 'closeOwn' });
  await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ email: accounts.email, closedAt: accounts.closedAt })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('update');
    if (!account) throw new AppError(ErrorCode.NO_DATA);
    if (account.closedAt) throw new AppError(ErrorCode.DATA_CHECK, null, { key: 'accountClosed' });
    const [role] = await tx
      .select({ role: accountRoles.role })
      .from(accountRoles)
      .where(eq(accountRoles.accountId, accountId))
      .limit(1);
    if (role) throw new AppError(ErrorCode.DATA_CHECK, null, { key: 'closeRoles' });
    const closedAt = new Date();
    await tx.update(accounts).set({ closedAt, updatedAt: closedAt }).where(eq(accounts.id, accountId));
    await tx.delete(sessions).where(and(eq(sessions.userType, 'individual'), eq(sessions.accountId, accountId)));
    await voidResetChallenges(tx, account.email, 'individual');
    // A link still proving its address would prove it again were the account reopened.
    await voidEmailVerifications(tx, account.email);
    await recordAudit(tx, {
      actor: { userType: 'individual', accountId: staff.accountId },
      action: 'person.closed',
      ip,
      target: { type: 'account', id: accountId },
      before: { closedAt: null },
      after: { closedAt: closedAt.toISOString() },
      detail: { reason },
    });
  });
}

/** Opens a closed account again: its owner signs in as before (their sessions ended with the closing). */
export async function reopenAccount(staff: Actor, accountId: number, reason: string, ip: string): Promise<void> {
  const { db } = (await runtime()).database;
  await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ closedAt: accounts.closedAt, mergedInto: accounts.mergedInto })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('update');
    if (!account) throw new AppError(ErrorCode.NO_DATA);
    if (!account.closedAt) throw new AppError(ErrorCode.DATA_CHECK, null, { key: 'accountOpen' });
    // A merged account holds nothing any more: its person uses the account it went into.
    if (account.mergedInto !== null) throw new AppError(ErrorCode.DATA_CHECK, null, { key: 'accountMerged' });
    await tx.update(accounts).set({ closedAt: null, updatedAt: new Date() }).where(eq(accounts.id, accountId));
    await recordAudit(tx, {
      actor: { userType: 'individual', accountId: staff.accountId },
      action: 'person.reopened',
      ip,
      target: { type: 'account', id: accountId },
      before: { closedAt: account.closedAt.toISOString() },
      after: { closedAt: null },
      detail: { reason },
    });
  });
}
