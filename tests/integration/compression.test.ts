import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { baseUrl, signIn } from './helpers';
import { bearer } from './membership-helpers';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent (still coded). */
  raw: Buffer;
  /** The bytes decoded from their Content-Encoding. */
  body: Buffer;
}

/** A GET through node:http, which (unlike fetch) sends only the headers given and decodes nothing. */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  const url = new URL(path, baseUrl());
  return new Promise((resolve, reject) => {
    request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const coding = raw.length ? res.headers['content-encoding'] : undefined;
        try {
          const body = coding === 'br' ? brotliDecompressSync(raw) : coding === 'gzip' ? gunzipSync(raw) : raw;
          resolve({ status: res.statusCode!, headers: res.headers, raw, body });
        } catch (error) {
          reject(error as Error);
        }
      });
    })
      .on('error', reject)
      .end();
  });
}

const BROWSER = 'gzip, deflate, br, zstd';

async function hashedScript(): Promise<string> {
  const home = (await get('/')).body.toString();
  const script = /\/_astro\/[\w.-]+\.js/.exec(home)?.[0];
  if (!script) throw new Error('the home page names no hashed script');
  return script;
}

describe('static files', () => {
  it('answers a hashed script in brotli, in gzip or plain by Accept-Encoding, the same bytes each way', async () => {
    const script = await hashedScript();
    const plain = await get(script);
    const br = await get(script, { 'Accept-Encoding': BROWSER });
    const gzip = await get(script, { 'Accept-Encoding': 'gzip, deflate' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const answer of [plain, br, gzip]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(answer.headers['content-length'])).toBe(answer.raw.length);
      expect(answer.body.equals(plain.raw)).toBe(true);
    }
    expect(br.raw.length).toBeLessThan(gzip.raw.length);
    expect(gzip.raw.length).toBeLessThan(plain.raw.length);
    // Each copy is its own representation: its own ETag, revalidated as that copy.
    const tags = [plain, br, gzip].map((a) => a.headers.etag);
    expect(new Set(tags).size).toBe(3);
    const again = await get(script, { 'Accept-Encoding': BROWSER, 'If-None-Match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.headers.vary).toBe('Accept-Encoding');
    expect(again.raw.length).toBe(0);
    const otherCopy = await get(script, { 'Accept-Encoding': 'gzip', 'If-None-Match': String(br.headers.etag) });
    expect(otherCopy.status).toBe(200);
    expect(otherCopy.headers['content-encoding']).toBe('gzip');
  });

  it('honours a refused coding, and answers HEAD with the headers of the copy GET would send', async () => {
    const script = await hashedScript();
    const noBrotli = await get(script, { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(noBrotli.headers['content-encoding']).toBe('gzip');
    const none = await get(script, { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    expect(none.headers['content-encoding']).toBeUndefined();
    const head = await get(script, { 'Accept-Encoding': BROWSER }, 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String((await get(script, { 'Accept-Encoding': BROWSER })).raw.length));
    expect(head.raw.length).toBe(0);
  });

  it('sends images as they are', async () => {
    const image = await get('/images/404.svg', { 'Accept-Encoding': BROWSER });
    expect(image.status).toBe(200);
    const template = await get('/templates/attendance-roster.csv', { 'Accept-Encoding': BROWSER });
    expect(template.status).toBe(200);
    expect(template.headers['content-encoding']).toBeUndefined();
    expect(template.headers.vary).toBeUndefined();
  });
});

describe('rendered answers', () => {
  it('sends a page compressed to a client that accepts it, and plain with Vary to one that does not', async () => {
    const br = await get('/en-us/news/list?compression', { 'Accept-Encoding': BROWSER });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(br.headers['content-length'])).toBe(br.raw.length);
    expect(br.body.toString()).toContain('<html lang="en-US"');
    expect(br.raw.length).toBeLessThan(br.body.length / 3);
    const plain = await get('/en-us/news/list?compression');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    expect(plain.body.equals(br.body)).toBe(true);
    const gzip = await get('/en-us/news/list?compression', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(br.body)).toBe(true);
  });

  it('answers a cached page from the same compressed bytes each time', async () => {
    const first = await get('/event/calendar?compression', { 'Accept-Encoding': BROWSER });
    const second = await get('/event/calendar?compression', { 'Accept-Encoding': BROWSER });
    const third = await get('/event/calendar?compression', { 'Accept-Encoding': BROWSER });
    expect(first.headers['x-cache']).toBe('miss');
    expect([second.headers['x-cache'], third.headers['x-cache']]).toEqual(['hit', 'hit']);
    for (const answer of [first, second, third]) {
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      expect(answer.raw.equals(first.raw)).toBe(true);
    }
    // A hit asked for another coding is compressed in that one.
    const gzip = await get('/event/calendar?compression', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['x-cache']).toBe('hit');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(first.body)).toBe(true);
  });

  it('compresses a JSON answer, and leaves a small one plain', async () => {
    const news = await get('/api/amsw0301', { 'Accept-Encoding': BROWSER, Lang: 'en-us' });
    expect(news.headers['content-encoding']).toBe('br');
    expect(news.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(news.body.toString()).code).toBe(0);
    const small = await get('/api/amsw0201/webInfo', { 'Accept-Encoding': BROWSER });
    expect(small.raw.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).not.toMatch(/Accept-Encoding/);
    expect(JSON.parse(small.raw.toString()).code).toBe(0);
  });

  it('sends a PDF download as it is', async () => {
    const member = await bearer('member@example.org', 'Member2026demo');
    const pdf = await get('/api/amsw0101/certificate', { ...member, 'Accept-Encoding': BROWSER });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.raw.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Number(pdf.headers['content-length'])).toBe(pdf.raw.length);
  });

  it('compresses a signed-in page the site itself asks for, never one another site set off', async () => {
    const { cookie } = await signIn('member@example.org', 'Member2026demo');
    const own = await get('/member/center', {
      Cookie: cookie,
      'Accept-Encoding': BROWSER,
      'Sec-Fetch-Site': 'same-origin',
    });
    expect(own.status).toBe(200);
    // Compressed anew for each request, so in the cheaper coding.
    expect(own.headers['content-encoding']).toBe('gzip');
    expect(own.body.toString()).toContain('<html');
    const typed = await get('/member/center', { Cookie: cookie, 'Accept-Encoding': BROWSER, 'Sec-Fetch-Site': 'none' });
    expect(typed.headers['content-encoding']).toBe('gzip');
    const brotliOnly = await get('/member/center', {
      Cookie: cookie,
      'Accept-Encoding': 'br',
      'Sec-Fetch-Site': 'none',
    });
    expect(brotliOnly.headers['content-encoding']).toBe('br');
    for (const site of ['cross-site', 'same-site', undefined]) {
      const other = await get('/member/center', {
        Cookie: cookie,
        'Accept-Encoding': BROWSER,
        ...(site ? { 'Sec-Fetch-Site': site } : {}),
      });
      expect(other.status, site).toBe(200);
      expect(other.headers['content-encoding'], site).toBeUndefined();
      expect(other.body.toString(), site).toContain('<html');
    }
  });
});
