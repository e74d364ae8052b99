import type { Actor } from '../../auth/sessions';
import { getAccount } from './get-account';

export type Area = 'member' | 'webUser' | 'organ';

/** Which account area an actor belongs in: members, web users (not yet members) or organisations. */
export async function areaOf(actor: Actor): Promise<Area> {
  if (actor.userType === 'organ') return 'organ';
  const account = await getAccount(actor);
  return account.userType === 'individual' && account.isMember ? 'member' : 'webUser';
}
