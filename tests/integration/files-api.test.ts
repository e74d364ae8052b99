import { describe, expect, it } from 'vitest';
import { api, baseUrl } from './helpers';

async function faviconId(): Promise<number> {
  const res = await api<{ faviconFileId: number }>('/api/amsw0201/webInfo');
  return res.body.data.faviconFileId;
}

describe('GET /api/amsw1002', () => {
  it('streams a stored image with its type, ETag and caching headers', async () => {
    const response = await fetch(`${baseUrl()}/api/amsw1002?fileId=${await faviconId()}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    const body = await response.text();
    expect(body).toContain('<svg');
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(body));
  });

  it('answers 304 when the browser already has the same bytes', async () => {
    const url = `${baseUrl()}/api/amsw1002?fileId=${await faviconId()}`;
    const first = await fetch(url);
    const etag = first.headers.get('etag')!;
    const again = await fetch(url, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('answers -7 for an unknown file, -2 without an id and -10 for a malformed id, never a 500', async () => {
    expect((await api('/api/amsw1002?fileId=987654')).body.code).toBe(-7);
    expect((await api('/api/amsw1002')).body.code).toBe(-2);
    for (const bad of ['x', '../../etc/passwd', '1e3', '-5', '']) {
      const res = await api(`/api/amsw1002?fileId=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(200);
      expect(res.body.code, bad).toBe(-10);
    }
  });
});
