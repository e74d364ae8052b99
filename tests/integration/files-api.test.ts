import { describe, expect, it } from 'vitest';
import { api, baseUrl, signUpIndividual } from './helpers';
import { bearer, PDF, upload } from './membership-helpers';

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

describe('private uploads (POST /api/amsw1001/upload, GET /api/amsw1001/file)', () => {
  /** The smallest PNG: its signature and an IHDR chunk. */
  const PNG = new Uint8Array([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2,
    0, 0, 0, 0x90, 0x77, 0x53, 0xde,
  ]);

  it('names a file with the extension of the type read from its bytes, and serves it so', async () => {
    const { email, password } = await signUpIndividual();
    const auth = await bearer(email, password);
    for (const [bytes, given, name, type, disposition] of [
      [PDF, 'report.html', 'report.pdf', 'application/pdf', 'inline'],
      [PDF, '會員證.HTM', '會員證.pdf', 'application/pdf', 'inline'],
      [PNG, 'scan', 'scan.png', 'image/png', 'inline'],
      [PNG, 'photo.svg', 'photo.png', 'image/png', 'inline'],
      [PDF, 'licence.PDF', 'licence.PDF', 'application/pdf', 'inline'],
    ] as const) {
      const stored = await upload(auth, new Uint8Array(bytes), given);
      expect(stored.body, given).toMatchObject({ code: 0, data: { name, contentType: type } });
      const served = await fetch(`${baseUrl()}/api/amsw1001/file?fileId=${stored.body.data.fileId}`, {
        headers: auth,
      });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('content-disposition')).toBe(
        `${disposition}; filename*=UTF-8''${encodeURIComponent(name)}`,
      );
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});
