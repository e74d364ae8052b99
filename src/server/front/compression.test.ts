import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  chooseEncoding,
  COMPRESS_MIN_BYTES,
  compressAnswer,
  type Encoding,
  ENCODINGS_EACH_TIME,
  isCompressible,
  mayCompressFor,
  varyOnEncoding,
} from './compression';

describe('chooseEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['x-gzip', 'gzip'],
    ['GZIP;Q=0.5, BR;Q=0.4', 'gzip'],
    ['br;q=0.5, gzip;q=0.5', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['identity', null],
    ['deflate, zstd', null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['br;q=0.000, *', 'gzip'],
    ['br;q=2, gzip', 'gzip'],
    ['br;q=abc', null],
    [' br ; q=1.0 ', 'br'],
  ])('answers %j with %j', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });

  it('prefers the first offered coding when the weights are equal', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', ENCODINGS_EACH_TIME)).toBe('gzip');
    expect(chooseEncoding('br', ENCODINGS_EACH_TIME)).toBe('br');
    expect(chooseEncoding('gzip;q=0.5, br', ENCODINGS_EACH_TIME)).toBe('br');
  });

  it('picks among the copies a file has', () => {
    expect(chooseEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('br', ['gzip'])).toBeNull();
    expect(chooseEncoding('br, gzip', [])).toBeNull();
  });
});

describe('isCompressible', () => {
  it.each([
    [200, { 'content-type': 'text/html; charset=utf-8' }, true],
    [404, { 'content-type': 'text/html' }, true],
    [200, { 'content-type': 'application/json' }, true],
    [200, { 'content-type': 'application/problem+json' }, true],
    [200, { 'content-type': 'application/rss+xml; charset=utf-8' }, true],
    [200, { 'content-type': 'application/pdf' }, false],
    [200, { 'content-type': 'image/png' }, false],
    [200, { 'content-type': 'application/zip' }, false],
    [200, { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }, false],
    [200, { 'content-type': 'text/event-stream' }, false],
    [200, { 'content-type': 'text/html-sandboxed' }, false],
    [200, { 'content-type': 'application/json', 'content-disposition': 'attachment; filename="x.json"' }, false],
    [200, { 'content-type': 'text/html', 'content-encoding': 'br' }, false],
    [200, { 'content-type': 'text/html', 'cache-control': 'no-store, no-transform' }, false],
    [204, { 'content-type': 'text/html' }, false],
    [304, { 'content-type': 'text/html' }, false],
    [200, {}, false],
  ])('%i %j → %s', (status, headers, expected) => {
    expect(isCompressible(status, headers)).toBe(expected);
  });
});

describe('varyOnEncoding', () => {
  it('adds Accept-Encoding once to what Vary names', () => {
    expect(varyOnEncoding(undefined)).toBe('Accept-Encoding');
    expect(varyOnEncoding('Lang')).toBe('Lang, Accept-Encoding');
    expect(varyOnEncoding('lang, accept-encoding')).toBe('lang, accept-encoding');
    expect(varyOnEncoding(['Lang', 'Cookie'])).toBe('Lang, Cookie, Accept-Encoding');
  });
});

describe('mayCompressFor', () => {
  const req = (site?: string) =>
    ({ headers: site === undefined ? {} : { 'sec-fetch-site': site } }) as unknown as IncomingMessage;

  it('compresses anonymous answers, and signed-in ones only for the site itself or the reader', () => {
    expect(mayCompressFor(req('cross-site'), false)).toBe(true);
    expect(mayCompressFor(req('same-origin'), true)).toBe(true);
    expect(mayCompressFor(req('none'), true)).toBe(true);
    expect(mayCompressFor(req('cross-site'), true)).toBe(false);
    expect(mayCompressFor(req('same-site'), true)).toBe(false);
    expect(mayCompressFor(req(), true)).toBe(false);
  });
});

describe('compressAnswer', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** Answers one request with `respond` behind compressAnswer; resolves to what the client receives. */
  async function serve(
    encoding: Encoding | null,
    respond: (res: ServerResponse) => void,
    method = 'GET',
  ): Promise<{ status: number; headers: IncomingMessage['headers']; raw: Buffer; coded: Buffer[] }> {
    const coded: Buffer[] = [];
    server = createServer((_req, res) => {
      compressAnswer(res, encoding, (_e, body) => coded.push(body));
      respond(res);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return new Promise((resolve, reject) => {
      request({ port, host: '127.0.0.1', path: '/', method }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, raw: Buffer.concat(chunks), coded }),
        );
      })
        .on('error', reject)
        .end();
    });
  }

  const page = `<!doctype html><title>頁面</title>${'<p>會員中心 member centre</p>'.repeat(200)}`;
  const astroLike =
    (type: string, body: string, status = 200) =>
    (res: ServerResponse) => {
      res.writeHead(status, { 'Content-Type': type });
      // Astro writes a page in several chunks, then ends.
      res.write(body.slice(0, 100));
      res.write(Buffer.from(body.slice(100)));
      res.end();
    };

  it('sends a page written in chunks as one brotli body with its length and Vary', async () => {
    const res = await serve('br', astroLike('text/html; charset=utf-8', page));
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.raw.length);
    expect(res.raw.length).toBeLessThan(Buffer.byteLength(page) / 5);
    expect(brotliDecompressSync(res.raw).toString()).toBe(page);
    expect(res.coded).toEqual([res.raw]);
  });

  it('sends JSON in gzip, and an error page too', async () => {
    const json = JSON.stringify({
      code: 0,
      data: Array.from({ length: 100 }, (_, id) => ({ id, name: `名稱 ${id}` })),
    });
    const ok = await serve('gzip', astroLike('application/json', json));
    expect(ok.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(ok.raw).toString())).toEqual(JSON.parse(json));
    const notFound = await serve('gzip', astroLike('text/html', page, 404));
    expect(notFound.status).toBe(404);
    expect(gunzipSync(notFound.raw).toString()).toBe(page);
  });

  it('sends a page plain, with Vary, to a client that accepts no coding', async () => {
    const res = await serve(null, astroLike('text/html', page));
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.raw.toString()).toBe(page);
    expect(res.coded).toEqual([]);
  });

  it(`leaves an answer under ${COMPRESS_MIN_BYTES} bytes plain and without Vary`, async () => {
    const small = JSON.stringify({ code: 0, data: { ok: true } });
    const res = await serve('br', astroLike('application/json', small));
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(small.length));
    expect(res.raw.toString()).toBe(small);
  });

  it('lets a download through as it is written, untouched', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(50_000, 'x')]);
    const res = await serve('br', (r) => {
      r.writeHead(200, {
        'Content-Type': 'application/pdf',
        'Content-Length': String(pdf.length),
        'Content-Disposition': 'attachment; filename="receipt.pdf"',
      });
      r.write(pdf.subarray(0, 1000));
      setTimeout(() => r.end(pdf.subarray(1000)), 5);
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.raw.equals(pdf)).toBe(true);
  });

  it('keeps the headers set before the head and the status of a page ended without writeHead', async () => {
    const res = await serve('br', (r) => {
      r.statusCode = 503;
      r.setHeader('Content-Type', 'text/html');
      r.setHeader('Vary', 'Lang');
      r.end(page);
    });
    expect(res.status).toBe(503);
    expect(res.headers.vary).toBe('Lang, Accept-Encoding');
    expect(brotliDecompressSync(res.raw).toString()).toBe(page);
  });
});
