import type { Actor } from '../../auth/sessions';
import { revokeSession } from '../../auth/sessions';
import { audit } from './audit';

/** Ends the current session. */
export async function signOut(actor: Actor, ip: string): Promise<void> {
  await revokeSession(actor.sessionId);
  // Signing out while viewing a member's pages ends the office worker's own session.
  await audit({ userType: actor.userType, accountId: actor.viewing?.staffAccountId ?? actor.accountId }, 'signOut', ip);
}
