import type { Locale } from '../../../lib/locales';
import { runtime } from '../../runtime';
import { listJournals } from '../journals/list-journals';
import { getFooter, type FooterView } from './get-footer';
import { getWebInfo, type WebInfo } from './get-web-info';
import { configuredOrigin } from './site-origin';

export interface PageContext {
  webInfo: WebInfo;
  footer: FooterView;
  /** The running build, for the browser's new-version check. */
  buildId: string;
  /** The configured public origin (SITE_URL), or null to use the request's own. */
  siteOrigin: string | null;
  /** The first journal the public sees, for the header's E-journals link; null when there is none. */
  journalListId: number | null;
}

/** What every page shell shows: the society's identity, the footer, the build and the journals link (all cached). */
export async function getPageContext(locale: Locale): Promise<PageContext> {
  const [webInfo, footer, rt, journals] = await Promise.all([
    getWebInfo(locale),
    getFooter(locale),
    runtime(),
    listJournals(locale),
  ]);
  return {
    webInfo,
    footer,
    buildId: rt.buildId,
    siteOrigin: await configuredOrigin(),
    journalListId: journals[0]?.journalListId ?? null,
  };
}
