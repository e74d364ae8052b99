import type { AstroGlobal } from 'astro';
import { localePath } from '@/lib/paths';
import type { Actor } from '@/server/auth/sessions';
import { areaOf, type Area } from '@/server/services/accounts/area-of';

const HOME: Record<Area, string> = { member: '/member/center', webUser: '/webUser/center', organ: '/organ/center' };

/**
 * For a page of one account area: the actor when they belong there, or a redirect to their own
 * area's centre (a web user opening /member/center, an organisation opening /member/edit, …).
 * The middleware has already sent anonymous readers to /login.
 */
export async function guardArea(astro: AstroGlobal, allowed: readonly Area[]): Promise<Actor | Response> {
  const actor = astro.locals.actor!;
  const area = await areaOf(actor);
  if (allowed.includes(area)) return actor;
  return astro.redirect(localePath(HOME[area], astro.locals.locale), 302);
}
