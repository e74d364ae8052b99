import { describe, expect, it } from 'vitest';
import { isCrossSiteWrite } from './origin-check';

const req = (method: string, headers: Record<string, string> = {}) =>
  new Request('http://portal.example/api/amsw0101/edit', { method, headers: { host: 'portal.example', ...headers } });

describe('isCrossSiteWrite', () => {
  it('lets reads through whatever their origin', () => {
    expect(isCrossSiteWrite(req('GET', { origin: 'https://evil.example' }), true)).toBe(false);
    expect(isCrossSiteWrite(req('HEAD', { origin: 'https://evil.example' }), true)).toBe(false);
  });

  it('refuses a write from another site, with or without a session', () => {
    expect(isCrossSiteWrite(req('POST', { origin: 'https://evil.example' }), false)).toBe(true);
    expect(isCrossSiteWrite(req('OPTIONS', { origin: 'https://evil.example' }), false)).toBe(true);
    expect(isCrossSiteWrite(req('DELETE', { origin: 'https://evil.example' }), false)).toBe(true);
    expect(isCrossSiteWrite(req('PUT', { origin: 'https://evil.example' }), true)).toBe(true);
    expect(isCrossSiteWrite(req('POST', { origin: 'null' }), false)).toBe(true);
  });

  it('accepts a same-site write, also behind a TLS proxy', () => {
    expect(isCrossSiteWrite(req('POST', { origin: 'https://portal.example' }), true)).toBe(false);
    expect(isCrossSiteWrite(req('POST', { referer: 'https://portal.example/member/edit' }), true)).toBe(false);
  });

  it('requires a session-carrying write to show where it comes from', () => {
    expect(isCrossSiteWrite(req('POST'), true)).toBe(true);
    expect(isCrossSiteWrite(req('POST', { referer: 'https://evil.example/x' }), true)).toBe(true);
  });

  it('lets API clients and server-to-server posts without cookie or origin through', () => {
    expect(isCrossSiteWrite(req('POST', { authorization: 'Bearer abc' }), false)).toBe(false);
  });
});
