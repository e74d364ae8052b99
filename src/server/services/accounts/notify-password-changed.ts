import { isLocale } from '../../../lib/locales';
import { localePath } from '../../../lib/paths';
import type { UserType } from '../../db/schema';
import type { Executor } from '../../db/client';
import { passwordChanged } from '../../integrations/mail/templates';
import { enqueueMail } from '../../integrations/mail/outbox';
import { getWebInfo } from '../site/get-web-info';
import { mailOrigin } from '../site/site-origin';
import type { Credentials } from './account-store';

/** The notice keeps no secret, but is not kept longer than this either. */
const NOTICE_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Prepares the notice that tells the owner their password changed (read outside the transaction:
 * on the embedded database a transaction holds the only connection). Answers the step that puts
 * it in the outbox, to run inside the transaction of the change, so the notice exists exactly
 * when the change does and a failing mail server never undoes it.
 */
export async function passwordChangedNotice(
  account: Credentials,
  userType: UserType,
): Promise<(executor: Executor) => Promise<number>> {
  const locale = isLocale(account.preferredLocale) ? account.preferredLocale : 'zh-tw';
  const { name } = await getWebInfo(locale);
  const forget = `${localePath('/password/forget', locale)}${userType === 'organ' ? '?type=organ' : ''}`;
  const mail = passwordChanged({ siteName: name, at: new Date(), locale, resetUrl: `${await mailOrigin()}${forget}` });
  return (executor) =>
    enqueueMail(
      executor,
      { to: account.email, ...mail, locale },
      { kind: 'passwordChanged', eraseAfter: new Date(Date.now() + NOTICE_KEEP_MS) },
    );
}
