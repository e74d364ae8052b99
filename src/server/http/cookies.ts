import { parseCookie } from 'cookie';

/** One cookie's value from a Cookie header, or null; parsed as Astro parses it (the `cookie` package). */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  return parseCookie(header)[name] ?? null;
}
