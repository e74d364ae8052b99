import type { UserType } from '../../db/schema';
import { auditLog } from '../../db/schema';
import { runtime } from '../../runtime';

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

/** Records who did what to an account, for the society's staff and for the account's owner. */
export async function audit(
  actor: { userType: UserType; accountId: number | null },
  action: AuditAction,
  ip: string,
  detail?: Record<string, unknown>,
): Promise<void> {
  const { db } = (await runtime()).database;
  await db.insert(auditLog).values({ actorType: actor.userType, actorId: actor.accountId, action, ip, detail });
}
