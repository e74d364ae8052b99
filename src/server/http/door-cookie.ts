import type { AstroCookies } from 'astro';
import { DOOR_COOKIE } from '../services/registrations/door-links';

/**
 * The door cookie a door link gives its phone (decision record 041): HttpOnly, SameSite=Strict,
 * Secure over TLS, until the link expires. It holds the link's id and token, checked against the
 * link's hash on every request, and opens nothing but checking in that event.
 */
export function setDoorCookie(cookies: AstroCookies, secure: boolean, value: string, expiresAt: Date): void {
  cookies.set(DOOR_COOKIE, value, { httpOnly: true, sameSite: 'strict', secure, path: '/', expires: expiresAt });
}
