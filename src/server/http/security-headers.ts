/**
 * Headers every answer carries. Script and style sources are pinned by the hashed CSP `<meta>`
 * that Astro writes into each page (security.csp); what a meta tag cannot say is said here.
 */
export function securityHeaders(html: boolean): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Content-Security-Policy': html
      ? "frame-ancestors 'none'; base-uri 'self'; object-src 'none'"
      : "default-src 'none'; frame-ancestors 'none'",
  };
}
