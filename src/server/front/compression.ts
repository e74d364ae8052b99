import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Compressed answers (docs/decisions/037): which coding a request accepts, which answers are worth
 * compressing, and the compression itself. The build writes brotli and gzip copies of the static
 * files (scripts/compress-assets.mjs); rendered pages and API answers are compressed here, once,
 * when they are sent (the page cache keeps the result per coding).
 */
export type Encoding = 'br' | 'gzip';

/** The codings the portal offers, best first: for what is compressed once (static files, kept pages). */
export const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];

/**
 * For an answer compressed anew each time it is sent (signed in, or not kept), gzip first: it
 * costs the server about half of brotli's time, and a page of a few kB compressed either way fits
 * in the first round trip (decision record 037). Brotli still goes to a client that accepts no gzip.
 */
export const ENCODINGS_EACH_TIME: readonly Encoding[] = ['gzip', 'br'];

/** Below this an answer is sent as it is: it fits in the first packets either way. */
export const COMPRESS_MIN_BYTES = 1024;

/** An answer held to be compressed larger than this is sent as it is, not kept whole in memory. */
const MAX_HELD_BYTES = 8 * 1024 * 1024;

/**
 * The coding to answer with for this `Accept-Encoding` (RFC 9110 §12.5.3): the acceptable coding
 * with the highest weight among `available`, the first of them when the weights are equal; null
 * for identity (no header, nothing acceptable, or every offered coding refused with `q=0`).
 */
export function chooseEncoding(
  acceptEncoding: string | string[] | undefined,
  available: readonly Encoding[] = ENCODINGS,
): Encoding | null {
  if (typeof acceptEncoding !== 'string' || acceptEncoding === '') return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((s) => s.trim().toLowerCase());
      if (key !== 'q') continue;
      // A weight is 0 to 1 with up to three decimals; anything else makes the element unreadable.
      q = value && /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value) ? Number(value) : -1;
    }
    if (q < 0) continue;
    weights.set(name === 'x-gzip' ? 'gzip' : name, q);
  }
  const star = weights.get('*');
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const encoding of available) {
    const q = weights.get(encoding) ?? star ?? 0;
    if (q > bestQ) {
      best = encoding;
      bestQ = q;
    }
  }
  return best;
}

/** Rendered text: pages, API answers, feeds and the sitemap (not files, which keep their bytes). */
const COMPRESSIBLE_TYPE = /^(text\/(html|plain|xml)|application\/([\w.+-]+\+)?(json|xml))\s*(;|$)/i;

/**
 * Whether an answer with these headers is compressed on the fly: rendered text (HTML, JSON, XML,
 * plain text) that is not a download, not already coded, not a part of a file, and not marked
 * `no-transform`. Files, PDFs, exports (`Content-Disposition`), images and archives pass untouched.
 */
export function isCompressible(status: number, headers: OutgoingHttpHeaders): boolean {
  if (status < 200 || status === 204 || status === 206 || status === 304) return false;
  const type = headers['content-type'];
  if (typeof type !== 'string' || !COMPRESSIBLE_TYPE.test(type)) return false;
  if (headers['content-encoding'] !== undefined || headers['content-range'] !== undefined) return false;
  if (headers['content-disposition'] !== undefined) return false;
  return !/\bno-transform\b/i.test(String(headers['cache-control'] ?? ''));
}

/**
 * A fast setting for answers compressed as they are sent (measured in the decision record):
 * brotli quality 5 with a window fitted to a page, gzip level 6.
 */
export function compress(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: 6 });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** `Vary` with `Accept-Encoding` added (once) to what it already names. */
export function varyOnEncoding(vary: OutgoingHttpHeaders[string]): string {
  const names = (Array.isArray(vary) ? vary.join(',') : vary === undefined ? '' : String(vary))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.includes('*') || names.some((n) => n.toLowerCase() === 'accept-encoding')) return names.join(', ');
  return [...names, 'Accept-Encoding'].join(', ');
}

/** The entity tag of a coded copy: another representation, so another tag (`"x"` → `"x-br"`). */
export function encodedEtag(etag: string, encoding: Encoding): string {
  return etag.endsWith('"') ? `${etag.slice(0, -1)}-${encoding}"` : etag;
}

/** The headers of the coded copy of an answer whose own headers are `headers` (names in lower case). */
export function encodedHeaders(headers: OutgoingHttpHeaders, encoding: Encoding, length: number): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = { ...headers };
  out['content-encoding'] = encoding;
  out['content-length'] = String(length);
  out.vary = varyOnEncoding(headers.vary);
  if (typeof headers.etag === 'string') out.etag = encodedEtag(headers.etag, encoding);
  return out;
}

/**
 * Whether an answer to this request may be compressed without helping a BREACH-style attack
 * (docs/security.md, "Compressed answers"): a signed-in answer only for a request the site's own
 * pages made or the reader typed (`Sec-Fetch-Site: same-origin` or `none`), never for one another
 * site set off with the reader's cookie and words of its choosing. Anonymous answers hold no secret
 * of the reader's; a bearer token cannot be sent by another site.
 */
export function mayCompressFor(req: IncomingMessage, withSessionCookie: boolean): boolean {
  if (!withSessionCookie) return true;
  const site = req.headers['sec-fetch-site'];
  return site === 'same-origin' || site === 'none';
}

/**
 * Compresses what Astro sends on this response when it is worth it: holds a compressible answer's
 * body until its end (Astro renders a page whole, an endpoint its JSON), then sends it coded with
 * `encoding` when it is `COMPRESS_MIN_BYTES` or more, and as it is otherwise. `Vary: Accept-Encoding`
 * goes on every answer that could have been coded, so also when `encoding` is null (the client
 * accepts none). Anything else, and a body past 8 MiB, flows through untouched. `onCoded` receives
 * the coded bytes (the page cache keeps them). Installed first, so later wrappers see plain bytes.
 */
export function compressAnswer(
  res: ServerResponse,
  encoding: Encoding | null,
  onCoded?: (encoding: Encoding, body: Buffer) => void,
): void {
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  let held: Buffer[] | null = null;
  let heldBytes = 0;

  /** Sends the held head and body as they are, and lets the rest through. */
  const release = () => {
    const chunks = held ?? [];
    held = null;
    writeHead(res.statusCode);
    for (const chunk of chunks) write(chunk);
  };

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (res.req.method === 'HEAD') return writeHead(status, ...rest);
    const given = rest.at(-1);
    if (typeof rest[0] === 'string') res.statusMessage = rest[0];
    // The headers go onto the response now (later wrappers read them there); the head is sent at the end.
    if (Array.isArray(given)) {
      for (let i = 0; i + 1 < given.length; i += 2) res.setHeader(String(given[i]), given[i + 1] as string);
    } else if (given && typeof given === 'object') {
      for (const [name, value] of Object.entries(given as OutgoingHttpHeaders))
        if (value !== undefined) res.setHeader(name, value);
    }
    res.statusCode = status;
    if (!isCompressible(status, res.getHeaders())) return writeHead(status);
    held = [];
    return res;
  }) as typeof res.writeHead;

  // A write or end without a head first sends it through the wrapper, as node:http would.
  const headFirst = () => {
    if (!held && !res.headersSent) res.writeHead(res.statusCode);
  };

  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    headFirst();
    if (!held) return write(chunk, ...rest);
    const bytes = toBuffer(chunk, rest[0]);
    held.push(bytes);
    heldBytes += bytes.length;
    const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    if (heldBytes > MAX_HELD_BYTES) {
      release();
      callback?.();
      return true;
    }
    if (callback) process.nextTick(callback);
    return true;
  }) as typeof res.write;

  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    headFirst();
    if (!held) return end(chunk, ...rest);
    const callback = [chunk, ...rest].find((arg) => typeof arg === 'function') as (() => void) | undefined;
    if (chunk !== undefined && typeof chunk !== 'function') held.push(toBuffer(chunk, rest[0]));
    const body = Buffer.concat(held);
    held = null;
    const plain = () => {
      res.setHeader('Content-Length', String(body.length));
      writeHead(res.statusCode);
      return end(body, callback);
    };
    if (body.length < COMPRESS_MIN_BYTES) return plain();
    res.setHeader('Vary', varyOnEncoding(res.getHeader('vary') as OutgoingHttpHeaders[string]));
    if (!encoding) return plain();
    const coded = compress(body, encoding);
    const headers = encodedHeaders(res.getHeaders(), encoding, coded.length);
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
    res.removeHeader('transfer-encoding');
    writeHead(res.statusCode);
    onCoded?.(encoding, coded);
    return end(coded, callback);
  }) as typeof res.end;
}

function toBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (typeof chunk === 'string')
    return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.alloc(0);
}
