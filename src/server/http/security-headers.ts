import { FALLBACK_PAGE_CSP } from '../../lib/csp';

/** Headers every answer carries (DESIGN.md §6). */
export function securityHeaders(html: boolean): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Content-Security-Policy': html ? FALLBACK_PAGE_CSP : "default-src 'none'; frame-ancestors 'none'",
  };
}
