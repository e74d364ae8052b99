import type { I18nText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { societyName } from '../documents/issue-documents';
import { getWebInfo } from '../site/get-web-info';
import { mailOrigin } from '../site/site-origin';

/** What every mail of the portal names: the site, in each language, and the origin of its links. */
export interface MailSite {
  siteName: Record<Locale, string>;
  /** The society's name as stored, as documents print it (a certificate issued in a transaction). */
  society: I18nText;
  /** `SITE_URL`'s origin (`mailOrigin`), never a request's. */
  origin: string;
}

export async function mailSite(): Promise<MailSite> {
  return {
    siteName: { 'zh-tw': (await getWebInfo('zh-tw')).name, 'en-us': (await getWebInfo('en-us')).name },
    society: await societyName(),
    origin: await mailOrigin(),
  };
}
