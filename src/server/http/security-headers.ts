import { FALLBACK_PAGE_CSP } from '../../lib/csp';
import { HSTS_VALUE } from './transport';

/** Headers every answer carries (DESIGN.md §6); HSTS when the site is reached over TLS. */
export function securityHeaders(html: boolean, tls: boolean): Record<string, string> {
  return {
    ...(tls ? { 'Strict-Transport-Security': HSTS_VALUE } : {}),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Content-Security-Policy': html ? FALLBACK_PAGE_CSP : "default-src 'none'; frame-ancestors 'none'",
  };
}
