import type { Actor } from '../../auth/sessions';
import { revokeSession } from '../../auth/sessions';
import { audit } from './audit';

/** Ends the current session. */
export async function signOut(actor: Actor, ip: string): Promise<void> {
  await revokeSession(actor.sessionId);
  await audit({ userType: actor.userType, accountId: actor.accountId }, 'signOut', ip);
}
