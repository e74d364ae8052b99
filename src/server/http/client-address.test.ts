import { describe, expect, it } from 'vitest';
import { clientAddress, parseTrustProxy } from './client-address';

describe('clientAddress', () => {
  it('ignores X-Forwarded-For when no proxy is trusted', () => {
    expect(clientAddress('203.0.113.9', '1.2.3.4', false)).toBe('203.0.113.9');
  });

  it('takes the right-most hop behind one proxy, whatever the client wrote to its left', () => {
    // The client sent "X-Forwarded-For: 1.2.3.4"; the proxy appended the address it saw.
    expect(clientAddress('10.0.0.2', '1.2.3.4, 198.51.100.7', 1)).toBe('198.51.100.7');
    expect(clientAddress('10.0.0.2', '198.51.100.7', parseTrustProxy('true'))).toBe('198.51.100.7');
  });

  it('skips every hop in a list of trusted proxies and stops at the first untrusted one', () => {
    const trust = parseTrustProxy('loopback, 10.0.0.0/8');
    expect(clientAddress('127.0.0.1', '1.2.3.4, 198.51.100.7, 10.1.2.3', trust)).toBe('198.51.100.7');
    // A peer that is not a trusted proxy is the client, whatever it forwards.
    expect(clientAddress('203.0.113.9', '1.2.3.4', trust)).toBe('203.0.113.9');
  });

  it('counts hops: two proxies in front', () => {
    expect(clientAddress('10.0.0.2', '1.2.3.4, 198.51.100.7, 10.0.0.1', 2)).toBe('198.51.100.7');
  });

  it('refuses a list it cannot read', () => {
    expect(() => parseTrustProxy('not-an-address')).toThrow();
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('3')).toBe(3);
  });
});
