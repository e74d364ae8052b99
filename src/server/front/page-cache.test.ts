import type { IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache';

const request = (headers: Record<string, string>, url = '/news/list') =>
  ({ method: 'GET', url, headers }) as unknown as IncomingMessage;

describe('PageCache', () => {
  const cache = new PageCache(30_000);

  it('keeps a public answer for the same host, address and language only', () => {
    const key = cache.keyFor(request({ host: 'portal.example.org' }))!;
    cache.offer(key, 200, { 'cache-control': 'public, s-maxage=30' }, Buffer.from('page'));
    expect(cache.get(key)?.plain.body.toString()).toBe('page');
    expect(cache.keyFor(request({ host: 'evil.example' }))).not.toBe(key);
    expect(cache.get(cache.keyFor(request({ host: 'evil.example' }))!)).toBeUndefined();
    expect(cache.keyFor(request({ host: 'portal.example.org', lang: 'en-us' }))).not.toBe(key);
  });

  it('is bypassed by signed-in readers and refuses private answers', () => {
    expect(cache.keyFor(request({ host: 'h', cookie: 'ams-session=abc' }))).toBeNull();
    expect(cache.keyFor(request({ host: 'h', authorization: 'Bearer x' }))).toBeNull();
    // Spellings Astro still reads as the session cookie must bypass the cache too.
    for (const cookie of ['ams-session =abc', ' ams-session=abc', 'x=1;ams-session= abc', 'a=b; ams-session="abc"']) {
      expect(cache.keyFor(request({ host: 'h', cookie })), cookie).toBeNull();
    }
    const key = cache.keyFor(request({ host: 'h' }, '/member/center'))!;
    cache.offer(key, 200, { 'cache-control': 'no-store' }, Buffer.from('mine'));
    expect(cache.get(key)).toBeUndefined();
    cache.offer(key, 200, { 'cache-control': 'public, private' }, Buffer.from('mine'));
    expect(cache.get(key)).toBeUndefined();
  });

  it('sends a kept page compressed per coding, made once, and plain with Vary to the others', () => {
    const page = Buffer.from(`<!doctype html>${'<p>最新消息 latest news</p>'.repeat(100)}`);
    const key = cache.keyFor(request({ host: 'h' }, '/news/list?compressed'))!;
    const kept = cache.offer(key, 200, { 'cache-control': 'public', 'content-type': 'text/html' }, page)!;
    const plain = cache.variantFor(kept, null);
    expect(plain.body).toBe(page);
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.headers['content-length']).toBe(String(page.length));
    const br = cache.variantFor(kept, 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBe(String(br.body.length));
    expect(brotliDecompressSync(br.body).equals(page)).toBe(true);
    // The second reader gets the very bytes made for the first.
    expect(cache.variantFor(cache.get(key)!, 'br').body).toBe(br.body);
    expect(gunzipSync(cache.variantFor(kept, 'gzip').body).equals(page)).toBe(true);
  });

  it('keeps the copy compressed on the way out, and leaves small answers and files plain', () => {
    const page = Buffer.from('x'.repeat(5000));
    const made = Buffer.from('made when sent');
    const key = cache.keyFor(request({ host: 'h' }, '/news/list?kept'))!;
    const kept = cache.offer(key, 200, { 'cache-control': 'public', 'content-type': 'text/html' }, page)!;
    cache.keepCoded(kept, 'gzip', made);
    expect(cache.variantFor(kept, 'gzip').body).toBe(made);
    const small = cache.offer(
      key,
      200,
      { 'cache-control': 'public', 'content-type': 'application/json' },
      Buffer.from('{}'),
    )!;
    expect(cache.variantFor(small, 'br').headers['content-encoding']).toBeUndefined();
    expect(cache.variantFor(small, 'br').headers.vary).toBeUndefined();
    const image = cache.offer(key, 200, { 'cache-control': 'public', 'content-type': 'image/png' }, page)!;
    expect(cache.variantFor(image, 'br').body).toBe(page);
  });
});
