import { describe, expect, it } from 'vitest';
import { isTlsRequest } from './transport';

describe('isTlsRequest', () => {
  it('is TLS when the public address is https, whatever the request says', () => {
    expect(isTlsRequest({ SITE_URL: 'https://portal.example.org', TRUST_PROXY: false }, 'http:', null)).toBe(true);
  });

  it('believes X-Forwarded-Proto only from a trusted proxy', () => {
    expect(isTlsRequest({ SITE_URL: undefined, TRUST_PROXY: false }, 'http:', 'https')).toBe(false);
    expect(isTlsRequest({ SITE_URL: undefined, TRUST_PROXY: 1 }, 'http:', 'https')).toBe(true);
    expect(isTlsRequest({ SITE_URL: undefined, TRUST_PROXY: 1 }, 'http:', 'https, http')).toBe(false);
  });

  it('is plain http on a local demo', () => {
    expect(isTlsRequest({ SITE_URL: undefined, TRUST_PROXY: false }, 'http:', null)).toBe(false);
    expect(isTlsRequest({ SITE_URL: 'http://localhost:4321', TRUST_PROXY: false }, 'http:', null)).toBe(false);
  });
});
