import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { parseCookie } from 'cookie';
import { LOCALE_COOKIE } from '../../lib/locales';
import { SESSION_COOKIE } from '../../lib/session';

export interface CachedResponse {
  status: number;
  headers: OutgoingHttpHeaders;
  /** The same headers flattened once (`[name, value, …]`), for the fast answer path. */
  flatHeaders: string[];
  etag: string | undefined;
  body: Buffer;
  expires: number;
}

function flatten(headers: OutgoingHttpHeaders): string[] {
  const flat: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) flat.push(name, String(v));
  }
  return flat;
}

/** Cookies read exactly as Astro reads them (the same `cookie` parser), so both agree on who is signed in. */
function cookiesOf(header: string | undefined): Record<string, string | undefined> {
  return header ? parseCookie(header) : {};
}

/**
 * A short cache in front of Astro for anonymous reads (DESIGN.md §11). It keeps answers that
 * declare themselves public (`Cache-Control: public`), keyed by host, address, `Lang` header and
 * remembered language; a request with a session never reads or fills it; content changes empty it.
 */
export class PageCache {
  private entries = new Map<string, CachedResponse>();
  /** Moves on at every clear(): an answer rendered before a clear is not kept after it. */
  generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
  ) {}

  /** The cache key, or null when this request must go to Astro. */
  keyFor(req: IncomingMessage): string | null {
    if (this.ttlMs <= 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return null;
    const cookies = cookiesOf(req.headers.cookie);
    if (cookies[SESSION_COOKIE] !== undefined) return null;
    if (req.headers.authorization || req.headers.emailauthorization) return null;
    const lang = String(req.headers.lang ?? '');
    // Without SITE_URL, absolute links (canonical, sitemap, feeds) follow the Host header, so an
    // answer is kept for the host it was made for and another Host cannot plant its own.
    const host = String(req.headers.host ?? '');
    return `${host}\u0000${req.url}\u0000${lang}\u0000${cookies[LOCALE_COOKIE] ?? ''}`;
  }

  get(key: string): CachedResponse | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit;
  }

  /** Keeps a finished answer if it is a public 200 without cookies, rendered since the last clear(). */
  offer(key: string, status: number, headers: OutgoingHttpHeaders, body: Buffer, generation = this.generation): void {
    if (generation !== this.generation) return;
    const cacheControl = String(headers['cache-control'] ?? '');
    if (status !== 200 || !/\bpublic\b/.test(cacheControl) || /\b(private|no-store)\b/.test(cacheControl)) return;
    if (headers['set-cookie']) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const etag = typeof headers.etag === 'string' ? headers.etag : undefined;
    this.entries.set(key, {
      status,
      headers,
      flatHeaders: flatten(headers),
      etag,
      body,
      expires: Date.now() + this.ttlMs,
    });
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
