import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache';

const request = (headers: Record<string, string>, url = '/news/list') =>
  ({ method: 'GET', url, headers }) as unknown as IncomingMessage;

describe('PageCache', () => {
  const cache = new PageCache(30_000);

  it('keeps a public answer for the same host, address and language only', () => {
    const key = cache.keyFor(request({ host: 'portal.example.org' }))!;
    cache.offer(key, 200, { 'cache-control': 'public, s-maxage=30' }, Buffer.from('page'));
    expect(cache.get(key)?.body.toString()).toBe('page');
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
});
