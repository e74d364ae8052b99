import type { AstroGlobal } from 'astro';
import type { z } from 'zod';
import { localePath } from '../../lib/paths';
import { isStaffRole, STAFF_ROLES, type Role } from '../../lib/roles';
import { idFrom } from '../../lib/schemas/common';
import type { Actor, IndividualRow } from '../auth/sessions';
import { roleAccess } from '../auth/staff-access';
import { orNotFound } from '../app-error';

/** A staff page's reader: signed in, individual, and what their session may use. */
export type StaffReader =
  | { actor: Actor & { account: IndividualRow }; refused: null }
  /** 403: not staff at all, or staff without this page's roles (the page says which). */
  | { actor: Actor; refused: 'notStaff' | 'role' };

/** The second-factor page, returning to where the reader was going. */
export function verifyPath(astro: AstroGlobal): string {
  const back = astro.locals.routePath + astro.url.search;
  return `${localePath('/staff/verify', astro.locals.locale)}?redirect=${encodeURIComponent(back)}`;
}

/**
 * The opening of every staff page (DESIGN.md §19): the middleware has sent anonymous readers to
 * sign in. A holder of one of `roles` whose session has not passed the second factor goes to
 * give it (and comes back); anyone else without one of `roles` is refused with 403.
 */
export function staffPage(astro: AstroGlobal, roles: readonly Role[] = STAFF_ROLES): StaffReader | Response {
  const actor = astro.locals.actor!;
  const access = roleAccess(actor, roles);
  if (access === 'waiting') return astro.redirect(verifyPath(astro), 302);
  if (access === 'granted') return { actor: actor as Actor & { account: IndividualRow }, refused: null };
  astro.response.status = 403;
  const staff =
    actor.account.userType === 'individual' &&
    (actor.account.roles.some(isStaffRole) || actor.account.staffRolesWaiting.length > 0);
  return { actor, refused: staff ? 'role' : 'notStaff' };
}

/** A staff page about one object: its reader, whether it opens an empty form, and what it loaded. */
export interface StaffObjectPage<T> {
  reader: StaffReader;
  /** The path says `new` (where the page takes it): an empty form. */
  isNew: boolean;
  /** What `load` answered; null while the reader is refused. */
  loaded: T | null;
}

/**
 * The opening of a staff page about one object, its id the path's `param` (or `new` with
 * `allowNew`): `staffPage` with `roles`, then `load` with the id (null for `new`). A malformed id,
 * a `load` answering null and a business refusal from it (an unknown id) answer 404; a refused
 * reader loads nothing (the page says why).
 */
export async function staffObjectPage<T>(
  astro: AstroGlobal,
  {
    param,
    roles,
    allowNew = false,
    load,
  }: { param: string; roles: readonly Role[]; allowNew?: boolean; load: (id: number | null) => Promise<T | null> },
): Promise<Response | StaffObjectPage<T>> {
  const reader = staffPage(astro, roles);
  if (reader instanceof Response) return reader;
  const raw = astro.params[param];
  const isNew = allowNew && raw === 'new';
  if (reader.refused) return { reader, isNew, loaded: null };
  const id = isNew ? null : idFrom(raw);
  if (!isNew && id === null) return new Response(null, { status: 404 });
  const loaded = await orNotFound(load(id));
  if (loaded === null) return new Response(null, { status: 404 });
  return { reader, isNew, loaded };
}

/**
 * A staff list's query (`?q=…&page=…`): the filter `schema` reads from it (empty when it does not
 * parse: the whole list), the list's own address, and the address of the list with some of its
 * parameters changed (undefined drops one) or of one of its pages.
 */
export function staffQuery<S extends z.ZodType>(astro: AstroGlobal, schema: S) {
  const parsed = schema.safeParse(Object.fromEntries(astro.url.searchParams));
  const filter: Partial<z.output<S>> = parsed.success ? parsed.data : {};
  const here = localePath(astro.locals.routePath, astro.locals.locale);
  const hrefWith = (changes: Record<string, string | undefined>) => {
    const params = new URLSearchParams(astro.url.searchParams);
    for (const [key, value] of Object.entries(changes))
      if (value === undefined) params.delete(key);
      else params.set(key, value);
    const query = params.toString();
    return query ? `${here}?${query}` : here;
  };
  return { filter, here, hrefWith, pageHref: (page: number) => hrefWith({ page: String(page) }) };
}
