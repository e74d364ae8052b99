import { eq } from 'drizzle-orm';
import { isLocale } from '../../../lib/locales';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import { accounts } from '../../db/schema';
import { enqueueMail } from '../../integrations/mail/outbox';
import { type SecondFactorEvent, secondFactorChanged } from '../../integrations/mail/templates';
import { runtime } from '../../runtime';
import { type AuditEntry, recordAudit } from '../accounts/audit';
import { getWebInfo } from '../site/get-web-info';

type AuditValues = Pick<AuditEntry, 'before' | 'after'>;

const NOTICE_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Prepares what a change of a staff member's second factor records: the audit row
 * `secondFactor.<event>` on their account, by `by`, and the notice that tells them (read outside
 * the transaction: on the embedded database a transaction holds the only connection). Answers the
 * step that writes both, inside the transaction of the change.
 */
export async function secondFactorChange(
  accountId: number,
  event: SecondFactorEvent,
): Promise<(executor: Executor, by: Actor, ip: string, values?: AuditValues) => Promise<void>> {
  const audit = (executor: Executor, by: Actor, ip: string, values: AuditValues = {}) =>
    recordAudit(executor, {
      actor: { userType: 'individual', accountId: by.accountId },
      action: `secondFactor.${event}`,
      ip,
      target: { type: 'account', id: accountId },
      ...values,
    });
  const { db } = (await runtime()).database;
  const [account] = await db
    .select({ email: accounts.email, locale: accounts.preferredLocale })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) return audit;
  const locale = isLocale(account.locale) ? account.locale : 'zh-tw';
  const { name } = await getWebInfo(locale);
  const mail = secondFactorChanged({ siteName: name, event, at: new Date(), locale });
  return async (executor, by, ip, values) => {
    await audit(executor, by, ip, values);
    await enqueueMail(
      executor,
      { to: account.email, ...mail, locale },
      { kind: `secondFactor.${event}`, eraseAfter: new Date(Date.now() + NOTICE_KEEP_MS) },
    );
  };
}
