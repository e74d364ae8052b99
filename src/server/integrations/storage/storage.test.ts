import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDiskStorage, createMemoryStorage } from './index';

const dir = mkdtempSync(path.join(tmpdir(), 'storage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function readAll(stream: ReadableStream<Uint8Array> | null): Promise<Buffer> {
  if (!stream) throw new Error('no stream');
  return Buffer.from(await new Response(stream).arrayBuffer());
}

describe.each([
  ['disk', createDiskStorage(dir)],
  ['memory', createMemoryStorage()],
])('%s storage', (_name, storage) => {
  it('streams back exactly the bytes stored, also across many chunks', async () => {
    const big = Buffer.alloc(300 * 1024 + 17, 0);
    for (let i = 0; i < big.length; i++) big[i] = i % 251;
    await storage.put('big.bin', big);
    expect((await readAll(await storage.open('big.bin'))).equals(big)).toBe(true);
    await storage.put('empty.bin', new Uint8Array());
    expect((await readAll(await storage.open('empty.bin'))).length).toBe(0);
  });

  it('answers null for a key with nothing stored, and refuses unsafe keys', async () => {
    expect(await storage.open('missing.bin')).toBeNull();
    await expect(storage.open('../etc/passwd')).rejects.toThrow(/Unsafe storage key/);
  });
});
