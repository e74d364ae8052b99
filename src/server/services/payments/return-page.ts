import { eq } from 'drizzle-orm';
import type { Locale } from '../../../lib/locales';
import { applicationReturnPath } from '../../../lib/applications/result-path';
import { localePath } from '../../../lib/paths';
import { applications } from '../../db/schema';
import { runtime } from '../../runtime';
import type { GatewayOutcome } from './pay-orders';

/**
 * Where the browser lands after the gateway (a GET page, which sees the session): the return page
 * of what the order paid for (joining: /signinReturn; an upgrade: /member/upgradeReturn; another
 * member's flow: /member/{type}/return), else the payments page; with the attempt the post named
 * (`&attempt=`), so the page shows that attempt's outcome and not a later one's.
 */
export async function returnPage(outcome: GatewayOutcome | null, locale: Locale): Promise<string> {
  if (!outcome) return `${localePath('/member/payment', locale)}?gateway=refused`;
  const attempt = `&attempt=${encodeURIComponent(outcome.merchantOrderNo)}`;
  const query = `?orderId=${outcome.orderId}${attempt}`;
  if (outcome.applicationId === null) return localePath('/member/payment', locale) + query;
  const { db } = (await runtime()).database;
  const [app] = await db
    .select({ id: applications.id, type: applications.type, form: applications.form })
    .from(applications)
    .where(eq(applications.id, outcome.applicationId));
  if (!app) return localePath('/member/payment', locale) + query;
  return applicationReturnPath(app, outcome.orderId, locale) + attempt;
}
