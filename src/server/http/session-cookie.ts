import type { AstroCookies } from 'astro';
import { SESSION_COOKIE } from '../../lib/session';

/**
 * The browser's session cookie (DESIGN.md §6): HttpOnly, SameSite=Lax, and Secure whenever the
 * site is reached over TLS (`isTlsRequest`). Remembered sessions persist until they expire;
 * others end with the browser.
 */
export function setSessionCookie(
  cookies: AstroCookies,
  secure: boolean,
  session: { token: string; remember: boolean; expiresAt: Date },
): void {
  cookies.set(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    ...(session.remember ? { expires: session.expiresAt } : {}),
  });
}

export function clearSessionCookie(cookies: AstroCookies, secure: boolean): void {
  cookies.delete(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}
