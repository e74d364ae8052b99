/**
 * The page Content-Security-Policy, one list for both places that send it: Astro adds these
 * directives to the policy it writes for each page (with the hashes of its own inline scripts,
 * astro.config.mjs), and the middleware sends the same policy on answers Astro wrote none for.
 */
export const CSP_DIRECTIVES = [
  "default-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  // The payment form is posted to NewebPay's gateway (its test or live site, src/server/config.ts).
  "form-action 'self' https://ccore.newebpay.com https://core.newebpay.com",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "object-src 'none'",
] as const;

export const FALLBACK_PAGE_CSP = [...CSP_DIRECTIVES, "script-src 'self'", "style-src 'self'"].join('; ');
