import { DEFAULT_LOCALE, type Locale } from '@/lib/locales';

export type Navigate = (path: string) => void;

const assignLocation: Navigate = (path) => window.location.assign(path);
let current: Navigate = assignLocation;

/** Every navigation the stores start goes through here, so it can be swapped (client router, tests). */
export function navigate(path: string): void {
  current(path);
}

/** Replaces the navigation function; null restores the default `window.location.assign`. */
export function setNavigate(fn: Navigate | null): void {
  current = fn ?? assignLocation;
}

/** A site path in a language: zh-tw has no prefix (`/login`), en-us is `/en-us/login`. */
export function localePath(path: string, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? path : `/${locale}${path}`;
}
