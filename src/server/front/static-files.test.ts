import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { compressAssets } from '../../../scripts/compress-assets.mjs';
import { loadStaticFiles, staticVariant } from './static-files';

const root = mkdtempSync(path.join(tmpdir(), 'static-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('static files and their compressed copies', () => {
  const script = `export const words = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `會員 member ${i}`))};\n`;
  const image = Buffer.from([0x89, 0x50, 0x4e, 0x47, ...Array.from({ length: 2000 }, (_, i) => i % 251)]);

  it('answers each client the copy the build wrote for it, with its own length and ETag', async () => {
    mkdirSync(path.join(root, '_astro'));
    writeFileSync(path.join(root, '_astro', 'client.abc123.js'), script);
    writeFileSync(path.join(root, 'tiny.txt'), 'a');
    writeFileSync(path.join(root, 'logo.png'), image);
    await compressAssets(root);
    const files = loadStaticFiles(root);
    // The copies are answered at the file's address, not at their own.
    expect([...files.keys()].sort()).toEqual(['/_astro/client.abc123.js', '/logo.png', '/tiny.txt']);

    const file = files.get('/_astro/client.abc123.js')!;
    const br = staticVariant(file, 'gzip, deflate, br');
    const gzip = staticVariant(file, 'gzip');
    const plain = staticVariant(file, undefined);
    expect(br.headers['Content-Encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    expect(plain.body.toString()).toBe(script);
    for (const sent of [br, gzip, plain]) {
      expect(sent.headers['Content-Length']).toBe(String(sent.body.length));
      expect(sent.headers.Vary).toBe('Accept-Encoding');
      expect(sent.headers['Cache-Control']).toBe('public, max-age=31536000, immutable');
    }
    expect(new Set([br.etag, gzip.etag, plain.etag]).size).toBe(3);
    expect(staticVariant(file, 'br;q=0, gzip;q=0').body).toBe(plain.body);

    // Nothing to gain: a one-byte file and an image have no copies, and no Vary.
    for (const name of ['/tiny.txt', '/logo.png']) {
      const sent = staticVariant(files.get(name)!, 'br, gzip');
      expect(sent.headers['Content-Encoding'], name).toBeUndefined();
      expect(sent.headers.Vary, name).toBeUndefined();
    }
  });
});
