import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { parseCookie } from 'cookie';
import { LOCALE_COOKIE } from '../../lib/locales';
import { SESSION_COOKIE } from '../../lib/session';
import {
  COMPRESS_MIN_BYTES,
  compress,
  type Encoding,
  encodedHeaders,
  isCompressible,
  varyOnEncoding,
} from './compression';

/** One coding of a kept answer: its bytes and the headers that go with them. */
export interface CachedVariant {
  headers: OutgoingHttpHeaders;
  /** The same headers flattened once (`[name, value, …]`), for the fast answer path. */
  flatHeaders: string[];
  etag: string | undefined;
  body: Buffer;
}

export interface CachedResponse {
  status: number;
  /** The answer as rendered. */
  plain: CachedVariant;
  /** Whether it is sent compressed to a client that accepts it (text of `COMPRESS_MIN_BYTES` or more). */
  compressible: boolean;
  /** Its compressed copies, made once each (when it was rendered, or at the first hit asking). */
  coded: Partial<Record<Encoding, CachedVariant>>;
  expires: number;
}

function variant(headers: OutgoingHttpHeaders, body: Buffer): CachedVariant {
  return {
    headers,
    flatHeaders: flatten(headers),
    etag: typeof headers.etag === 'string' ? headers.etag : undefined,
    body,
  };
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

/** Whether the request carries the session cookie (however Astro would still read it). */
export function hasSessionCookie(req: IncomingMessage): boolean {
  return cookiesOf(req.headers.cookie)[SESSION_COOKIE] !== undefined;
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
    if (hasSessionCookie(req)) return null;
    if (req.headers.authorization || req.headers.emailauthorization) return null;
    const lang = String(req.headers.lang ?? '');
    // Without SITE_URL, absolute links (canonical, sitemap, feeds) follow the Host header, so an
    // answer is kept for the host it was made for and another Host cannot plant its own.
    const host = String(req.headers.host ?? '');
    const locale = cookiesOf(req.headers.cookie)[LOCALE_COOKIE] ?? '';
    return `${host}\u0000${req.url}\u0000${lang}\u0000${locale}`;
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

  /**
   * Keeps a finished answer (its plain bytes and headers) if it is a public 200 without cookies,
   * rendered since the last clear(); answers what it kept.
   */
  offer(
    key: string,
    status: number,
    headers: OutgoingHttpHeaders,
    body: Buffer,
    generation = this.generation,
  ): CachedResponse | undefined {
    if (generation !== this.generation) return undefined;
    const cacheControl = String(headers['cache-control'] ?? '');
    if (status !== 200 || !/\bpublic\b/.test(cacheControl) || /\b(private|no-store)\b/.test(cacheControl))
      return undefined;
    if (headers['set-cookie']) return undefined;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const compressible = isCompressible(status, headers) && body.length >= COMPRESS_MIN_BYTES;
    const plainHeaders: OutgoingHttpHeaders = { ...headers, 'content-length': String(body.length) };
    delete plainHeaders['transfer-encoding'];
    if (compressible) plainHeaders.vary = varyOnEncoding(headers.vary);
    const entry: CachedResponse = {
      status,
      plain: variant(plainHeaders, body),
      compressible,
      coded: {},
      expires: Date.now() + this.ttlMs,
    };
    this.entries.set(key, entry);
    return entry;
  }

  /** Keeps the compressed copy made when the answer was sent, so no hit compresses it again. */
  keepCoded(entry: CachedResponse, encoding: Encoding, body: Buffer): void {
    if (entry.compressible)
      entry.coded[encoding] ??= variant(encodedHeaders(entry.plain.headers, encoding, body.length), body);
  }

  /** What to send a client that accepts `encoding` (null: none): compressed once per coding. */
  variantFor(entry: CachedResponse, encoding: Encoding | null): CachedVariant {
    if (!encoding || !entry.compressible) return entry.plain;
    if (!entry.coded[encoding]) this.keepCoded(entry, encoding, compress(entry.plain.body, encoding));
    return entry.coded[encoding]!;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
