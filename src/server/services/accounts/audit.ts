import type { Executor } from '../../db/client';
import type { UserType } from '../../db/schema';
import { runtime } from '../../runtime';
import { appendToChain, auditChainKey } from '../../db/audit-chain';

export type AuditAction =
  | 'signIn'
  | 'signInFailed'
  | 'signOut'
  | 'passwordChanged'
  | 'passwordReset'
  | 'accountCreated'
  | 'profileUpdated'
  | 'lineLinked'
  | 'lineUnlinked';

/** Who acted: an account of either kind, or the portal itself (a command, a background job). */
export interface AuditActor {
  userType: UserType | 'system';
  accountId: number | null;
}
export const SYSTEM: AuditActor = { userType: 'system', accountId: null };

/** One row of the audit log: what was done, to what, and the values before and after. */
export interface AuditEntry {
  actor: AuditActor;
  action: string;
  ip?: string;
  target?: { type: string; id: number | string };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  detail?: Record<string, unknown>;
}

/**
 * Writes audit rows with `executor`: a change's transaction, so a row exists exactly when the
 * change does. The table is append-only (migrations 0022, 0034) and each row is chained to the one
 * before it (`audit-chain.ts`): the chain's head stays locked until the transaction ends, so a
 * transaction should audit after it has locked the other rows it changes. The one way every part
 * of the portal writes the log.
 */
export async function recordAudit(executor: Executor, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  await appendToChain(
    executor,
    auditChainKey(),
    list.map((entry) => ({
      actorType: entry.actor.userType,
      actorId: entry.actor.accountId,
      action: entry.action,
      ip: (entry.ip ?? '').slice(0, 64),
      detail: entry.detail ?? null,
      targetType: entry.target?.type ?? null,
      targetId: entry.target === undefined ? null : String(entry.target.id),
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
  );
}

/** Records who did what to an account, for the society's staff and for the account's owner. */
export async function audit(
  actor: { userType: UserType; accountId: number | null },
  action: AuditAction,
  ip: string,
  detail?: Record<string, unknown>,
): Promise<void> {
  const { db } = (await runtime()).database;
  await recordAudit(db, { actor, action, ip, detail });
}
