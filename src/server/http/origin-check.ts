/** Reads: every other method is a write, and is judged. */
const SAFE_METHODS = new Set(['GET', 'HEAD']);

function hostOf(value: string | null): string | null {
  if (!value) return null;
  try {
    return new URL(value).host;
  } catch {
    return null;
  }
}

/**
 * DESIGN.md §6: a state-changing request (any method but GET and HEAD, to the API or a page) with a
 * cross-site `Origin` is refused, and one that carries the session cookie must show a same-site
 * `Origin` (or `Referer`). API clients with a
 * bearer token and no cookie, and server-to-server posts (no Origin, no cookie), pass.
 * Hosts are compared, not schemes, so a TLS-terminating proxy in front does not matter.
 */
export function isCrossSiteWrite(request: Request, hasSessionCookie: boolean): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const host = request.headers.get('host') ?? new URL(request.url).host;
  const origin = request.headers.get('origin');
  if (origin && origin !== 'null' && hostOf(origin) !== host) return true;
  if (origin === 'null') return true;
  if (!hasSessionCookie) return false;
  const claimed = hostOf(origin) ?? hostOf(request.headers.get('referer'));
  return claimed !== host;
}
