/**
 * The header by which the error page (`500.astro`) asks the front for HTTP 503 when the database
 * cannot be reached: Astro answers its 500 page with 500 whatever the page sets. The front
 * (`main.ts`) takes it off and answers 503, so a browser, a proxy and a monitor all see the
 * maintenance for what it is.
 */
export const UNAVAILABLE_PAGE_HEADER = 'x-portal-unavailable';

/** Connection-level failures: the database (or another service) is down, not our code. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);

/**
 * True when an error means a service we depend on cannot be reached: network errors, and
 * PostgreSQL's connection exceptions (class 08) and shutdowns (57P01–57P03). Such failures
 * answer 503 so the browser shows the maintenance screen instead of a generic error.
 */
export function isServiceUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code)))
      return true;
    // pg's own words, without a code: a connection lost mid-statement, a pool that waited too
    // long for one, a client used after its connection failed (Drizzle wraps them as `cause`).
    const message = e instanceof Error ? e.message : '';
    if (/Connection terminated|timeout exceeded when trying to connect|is not queryable/i.test(message)) return true;
  }
  return false;
}
