/** The site's languages. zh-tw is the default and has no path prefix. */
export const LOCALES = ['zh-tw', 'en-us'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-tw';
export const LOCALE_COOKIE = 'ams-locale';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** BCP 47 tags for `<html lang>` and hreflang. */
export const HTML_LANG: Record<Locale, string> = { 'zh-tw': 'zh-Hant-TW', 'en-us': 'en-US' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Reads a `Lang` header or cookie value; anything unknown is the default language. */
export function parseLocale(value: string | null | undefined): Locale {
  const v = (value ?? '').trim().toLowerCase();
  return isLocale(v) ? v : DEFAULT_LOCALE;
}
