import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { loadWebInfoRow } from './get-web-info';

export interface FooterView {
  address: string;
  phone: string;
  fax: string;
  email: string;
  officeHours: string;
  copyright: string;
  links: { label: string; url: string }[];
}

/** The footer every page shows, in the reader's language. */
export async function getFooter(locale: Locale): Promise<FooterView> {
  const footer = (await loadWebInfoRow())?.footerInfo;
  return {
    address: pickText(footer?.address, locale),
    phone: footer?.phone ?? '',
    fax: footer?.fax ?? '',
    email: footer?.email ?? '',
    officeHours: pickText(footer?.officeHours, locale),
    copyright: pickText(footer?.copyright, locale),
    links: (footer?.links ?? []).map((l) => ({ label: pickText(l.label, locale), url: l.url })),
  };
}
