import type { AstroGlobal } from 'astro';
import type { Locale } from '../../lib/locales';
import { localePath } from '../../lib/paths';
import type { Actor } from '../auth/sessions';
import type { UserType } from '../db/schema';
import { areaOf, type Area } from '../services/accounts/area-of';

/** Each kind of account changes its password on its own page (unprefixed addresses). */
export const CHANGE_PASSWORD_PATH: Record<UserType, string> = {
  individual: '/member/password',
  organ: '/organ/center/account/editPassword',
};

interface PageInput {
  locals: { locale: Locale; actor: Actor | null; requestedPath: string };
  url: URL;
}

/**
 * Who may see a change-password page made for `expected`: the signed-in account's e-mail, or the
 * address to send the reader to instead: the sign-in page without a session (the login guard
 * normally does that first), or the other kind of account's own page, with the same query.
 */
export async function changePasswordAccess(
  { locals, url }: PageInput,
  expected: UserType,
): Promise<{ email: string } | { redirect: string }> {
  const { locale, actor } = locals;
  const login = `${localePath('/login', locale)}?redirect=${encodeURIComponent(locals.requestedPath + url.search)}`;
  if (!actor) return { redirect: login };
  if (actor.userType !== expected)
    return { redirect: localePath(CHANGE_PASSWORD_PATH[actor.userType], locale) + url.search };
  return { email: actor.account.email };
}

/** Each account area's centre (unprefixed addresses). */
export const AREA_HOME: Record<Area, string> = {
  member: '/member/center',
  webUser: '/webUser/center',
  organ: '/organ/center',
};

/**
 * For a page of one account area: the actor when they belong there, or a redirect to their own
 * area's centre (a web user opening /member/center, an organisation opening /member/edit, …).
 * The middleware has already sent anonymous readers to /login.
 */
export async function guardArea(astro: AstroGlobal, allowed: readonly Area[]): Promise<Actor | Response> {
  const actor = astro.locals.actor!;
  const area = areaOf(actor);
  if (allowed.includes(area)) return actor;
  return astro.redirect(localePath(AREA_HOME[area], astro.locals.locale), 302);
}
