import { parseLocale, type Locale } from '@/lib/locales';

/**
 * The language of the page the script runs in: the layout writes it to
 * `<html data-locale="...">`. Without a document (server, tests) it is the default, zh-tw.
 */
export function currentLocale(): Locale {
  return parseLocale(globalThis.document?.documentElement?.dataset?.locale);
}
