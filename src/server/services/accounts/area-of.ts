import type { Actor } from '../../auth/sessions';

export type Area = 'member' | 'webUser' | 'organ';

/** Which account area an actor belongs in: members, web users (not yet members) or organisations. */
export function areaOf(actor: Actor): Area {
  if (actor.account.userType === 'organ') return 'organ';
  return actor.account.membership !== null ? 'member' : 'webUser';
}
