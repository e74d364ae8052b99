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
    if (typeof code !== 'string') continue;
    if (NETWORK_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code)) return true;
  }
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|timeout exceeded when trying to connect/i.test(message);
}
