import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { takeLocalePrefix } from './locale-prefix';

const request = (url: string) => ({ url }) as IncomingMessage;

describe('takeLocalePrefix', () => {
  it('takes the language prefix off a page address and hands over the language and the address as asked', () => {
    const req = request('/en-us/news/list?page=2');
    expect(takeLocalePrefix(req)).toEqual({ localePrefix: 'en-us', requestedPath: '/en-us/news/list' });
    expect(req.url).toBe('/news/list?page=2');
  });

  it('turns a bare prefix into the home page, whatever its case', () => {
    const req = request('/ZH-TW');
    expect(takeLocalePrefix(req)).toEqual({ localePrefix: 'zh-tw', requestedPath: '/ZH-TW' });
    expect(req.url).toBe('/');
  });

  it('leaves unprefixed addresses, API addresses and look-alike prefixes as they are', () => {
    for (const url of ['/news/list', '/en-us/api/amsw0201/buildId', '/en-usx/page', '/', '/fr-fr/x']) {
      const req = request(url);
      expect(takeLocalePrefix(req)).toBeUndefined();
      expect(req.url).toBe(url);
    }
  });
});
