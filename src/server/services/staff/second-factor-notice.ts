import { eq } from 'drizzle-orm';
import { isLocale } from '../../../lib/locales';
import type { Executor } from '../../db/client';
import { accounts } from '../../db/schema';
import { enqueueMail } from '../../integrations/mail/outbox';
import { type SecondFactorEvent, secondFactorChanged } from '../../integrations/mail/templates';
import { runtime } from '../../runtime';
import { getWebInfo } from '../site/get-web-info';

const NOTICE_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Prepares the notice that tells a staff member their second factor changed (read outside the
 * transaction: on the embedded database a transaction holds the only connection). Answers the
 * step that puts it in the outbox, inside the transaction of the change.
 */
export async function secondFactorNotice(
  accountId: number,
  event: SecondFactorEvent,
): Promise<(executor: Executor) => Promise<void>> {
  const { db } = (await runtime()).database;
  const [account] = await db
    .select({ email: accounts.email, locale: accounts.preferredLocale })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) return async () => undefined;
  const locale = isLocale(account.locale) ? account.locale : 'zh-tw';
  const { name } = await getWebInfo(locale);
  const mail = secondFactorChanged({ siteName: name, event, at: new Date(), locale });
  return async (executor) => {
    await enqueueMail(
      executor,
      { to: account.email, ...mail, locale },
      { kind: `secondFactor.${event}`, eraseAfter: new Date(Date.now() + NOTICE_KEEP_MS) },
    );
  };
}
