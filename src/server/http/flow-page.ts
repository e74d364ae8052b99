import type { AstroGlobal } from 'astro';
import { withAreaNotice } from '../../lib/area-notices';
import { localePath } from '../../lib/paths';
import { idFrom } from '../../lib/schemas/common';
import { attemptFrom } from '../../lib/schemas/payments';
import type { ApplicationType } from '../db/schema';
import { getOwnApplication } from '../services/membership/read-applications';
import { getOwnOrderWithAttempt } from '../services/payments/read-orders';
import { areaOf } from '../services/accounts/area-of';
import { AREA_HOME, guardArea } from './account-page';
import { orNotFound } from '../app-error';

export type FlowApplication = NonNullable<Awaited<ReturnType<typeof getOwnApplication>>>;
export type FlowOrder = NonNullable<Awaited<ReturnType<typeof getOwnOrderWithAttempt>>>;

/**
 * A result or return page opened without the id it shows (a reload or a bookmark of an address
 * that lost its query): the signed-in reader is sent where such items are listed, told why (the
 * account's centre for applications, the payments page for orders). Null when the id is there, or
 * nobody is signed in (the page then answers as for an unknown id).
 */
export function withoutItsQuery(astro: AstroGlobal, key: 'applicationId' | 'orderId'): Response | null {
  const { actor, locale } = astro.locals;
  if (astro.url.searchParams.has(key) || !actor) return null;
  const area = areaOf(actor);
  const page = key === 'orderId' && area !== 'organ' ? '/member/payment' : AREA_HOME[area];
  return astro.redirect(withAreaNotice(localePath(page, locale), key === 'orderId' ? 'noOrder' : 'noApplication'), 302);
}

/**
 * A member flow's result page (`/member/{flow}/result`, `/member/upgradeResult`): the reader's own
 * application of that type named by `?applicationId`, or null with a 404 status (someone else's,
 * another flow's, unknown or malformed). A reader of another area is sent to their own centre.
 */
export async function flowResultPage(
  astro: AstroGlobal,
  type: ApplicationType,
): Promise<Response | { app: FlowApplication | null }> {
  const actor = await guardArea(astro, ['member', 'webUser']);
  if (actor instanceof Response) return actor;
  const away = withoutItsQuery(astro, 'applicationId');
  if (away) return away;
  const id = idFrom(astro.url.searchParams.get('applicationId'));
  const found = id !== null ? await orNotFound(getOwnApplication(actor, id, astro.locals.locale)) : null;
  const app = found?.type === type ? found : null;
  if (!app) astro.response.status = 404;
  return { app };
}

/**
 * A member flow's return page (back from the gateway): the reader's own order named by `?orderId`
 * that pays for an application of that type, with the attempt named by `?attempt`, or null with a 404.
 */
export async function flowReturnPage(
  astro: AstroGlobal,
  type: ApplicationType,
): Promise<Response | { order: FlowOrder | null }> {
  const actor = await guardArea(astro, ['member', 'webUser']);
  if (actor instanceof Response) return actor;
  const away = withoutItsQuery(astro, 'orderId');
  if (away) return away;
  const id = idFrom(astro.url.searchParams.get('orderId'));
  const attempt = attemptFrom(astro.url.searchParams.get('attempt'));
  const found = id !== null ? await orNotFound(getOwnOrderWithAttempt(actor, id, attempt)) : null;
  const order = found?.applicationType === type ? found : null;
  if (!order) astro.response.status = 404;
  return { order };
}
