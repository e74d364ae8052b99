import { DEFAULT_LOCALE, isLocale, type Locale } from './locales';

/** Splits `/en-us/news/list` into the locale it asks for (or none) and the unprefixed path. */
export function splitLocale(pathname: string): { prefix: Locale | null; path: string } {
  const match = /^\/(zh-tw|en-us)(?=\/|$)/i.exec(pathname);
  if (!match) return { prefix: null, path: pathname || '/' };
  const prefix = match[1]!.toLowerCase();
  return { prefix: isLocale(prefix) ? prefix : null, path: pathname.slice(match[0].length) || '/' };
}

/**
 * The one way to build an in-site link: zh-tw stays unprefixed, en-us gets `/en-us`. External
 * links, mail links and fragments pass through unchanged.
 */
export function localePath(path: string, locale: Locale): string {
  if (/^([a-z][a-z0-9+.-]*:|\/\/|#)/i.test(path)) return path;
  const clean = splitLocale(path.startsWith('/') ? path : `/${path}`).path;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}/` : `/${locale}${clean}`;
}

/** Routes that need a signed-in account (DESIGN.md §4). */
export function requiresLogin(path: string): boolean {
  if (/^\/member\/paperReview(\/|$)/.test(path)) return false;
  return (
    /^\/(member|webUser\/center|webUser\/post|organ\/center|credit\/detail|credit\/claim|staff)(\/|$)/.test(path) ||
    /^\/(eventHorizon|signinResult|signinReturn)\/?$/.test(path)
  );
}

/**
 * A `redirect` query value that is safe to follow: a path of this site only. The value is
 * judged as it will be used: locale prefixes are taken off first (as `localePath` does before
 * adding the reader's own), so `/zh-tw//evil.example` cannot turn into `//evil.example`; then no
 * other host, no protocol-relative `//`, no backslashes, spaces or control characters. Answers
 * the unprefixed path (with its query), or null.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || value.length > 2000 || !value.startsWith('/')) return null;
  // Backslashes, white space and control characters (browsers drop or rewrite them) are refused.
  // eslint-disable-next-line no-control-regex
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return null;
  let path = value;
  for (let prefix = splitLocale(path); prefix.prefix; prefix = splitLocale(path)) path = prefix.path;
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  const base = 'http://site.invalid';
  let resolved: URL;
  try {
    resolved = new URL(path, base);
  } catch {
    return null;
  }
  return resolved.origin === base ? path : null;
}

/**
 * A link to `path` in `locale` with a query string; empty values and page 1 are left out so each
 * list has one canonical address per state.
 */
export function listHref(
  path: string,
  locale: Locale,
  query: Record<string, string | number | null | undefined>,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'page' && Number(value) === 1) continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `${localePath(path, locale)}${search ? `?${search}` : ''}`;
}
