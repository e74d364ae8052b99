import type { AstroGlobal } from 'astro';
import { isAppError } from '../app-error';

/**
 * A public page's look-up that counts against the address's limit (/verify, /ticket): its answer,
 * or, past the limit, the seconds to wait, the page then answering 429 with Retry-After.
 */
export async function limitedLookup<T>(
  astro: AstroGlobal,
  lookup: () => Promise<T>,
): Promise<{ found: T | null; waitSeconds: number | null }> {
  try {
    return { found: await lookup(), waitSeconds: null };
  } catch (error) {
    const data = isAppError(error) ? (error.data as { retryAfterSeconds?: number } | null) : null;
    if (!data?.retryAfterSeconds) throw error;
    astro.response.status = 429;
    astro.response.headers.set('Retry-After', String(data.retryAfterSeconds));
    return { found: null, waitSeconds: data.retryAfterSeconds };
  }
}
