import { isLocale } from '../../../lib/locales';
import { passwordChanged } from '../../integrations/mail/templates';
import { logger } from '../../logger';
import { runtime } from '../../runtime';
import { getWebInfo } from '../site/get-web-info';
import type { Credentials } from './account-store';

/** Tells the owner their password changed; a mail failure is logged, never undoes the change. */
export async function notifyPasswordChanged(account: Credentials): Promise<void> {
  const rt = await runtime();
  const locale = isLocale(account.preferredLocale) ? account.preferredLocale : 'zh-tw';
  try {
    const { name } = await getWebInfo(locale);
    const mail = passwordChanged({ siteName: name, at: new Date(), locale });
    await rt.mailer.send({ to: account.email, ...mail, locale });
  } catch (error) {
    logger().warn({ err: error, accountId: account.id }, 'password-changed notice not sent');
  }
}
