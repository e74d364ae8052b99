import type { Locale } from '../../../lib/locales';
import { getFooter, type FooterView } from './get-footer';
import { getWebInfo, type WebInfo } from './get-web-info';

export interface PageContext {
  webInfo: WebInfo;
  footer: FooterView;
}

/** What every page shell shows: the society's identity and the footer (both cached). */
export async function getPageContext(locale: Locale): Promise<PageContext> {
  const [webInfo, footer] = await Promise.all([getWebInfo(locale), getFooter(locale)]);
  return { webInfo, footer };
}
