import { parseLocale, type Locale } from '@/lib/locales';

/**
 * The language of the page the script runs in (or of `document`, a page about to be shown): the
 * layout writes it to `<html data-locale="...">`. Without a document (server, tests) it is the
 * default, zh-tw.
 */
export function currentLocale(document: Document | undefined = globalThis.document): Locale {
  return parseLocale(document?.documentElement?.dataset?.locale);
}
