import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../../../tests/setup/s3-server';
import { loadConfig } from '../../config';
import { createDiskStorage, createMemoryStorage, createStorage, type FileStorage, storageLocation } from './index';
import { isStorageFault } from './faults';
import { createS3Storage } from './s3';

const dir = mkdtempSync(path.join(tmpdir(), 'storage-'));
let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await s3?.stop();
});

/** The bytes of a stream, and how many chunks they came in. */
async function readAll(stream: ReadableStream<Uint8Array> | null): Promise<{ bytes: Buffer; chunks: number }> {
  if (!stream) throw new Error('no stream');
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return { bytes: Buffer.concat(chunks), chunks: chunks.length };
}

// `streams`: the bytes come as they are read (disk, bucket), not as one piece (memory, for tests).
describe.each<[string, () => Promise<FileStorage>, { streams: boolean }]>([
  ['disk', async () => createDiskStorage(dir), { streams: true }],
  ['memory', async () => createMemoryStorage(), { streams: false }],
  ['s3', () => createS3Storage(s3.settings()), { streams: true }],
])('%s storage', (_name, make, { streams }) => {
  let storage: FileStorage;
  beforeAll(async () => {
    storage = await make();
  });

  it('streams back exactly the bytes stored', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024 + 17);
    for (let i = 0; i < big.length; i++) big[i] = i % 251;
    await storage.put('big.bin', big);
    const read = await readAll(await storage.open('big.bin'));
    expect(read.bytes.equals(big)).toBe(true);
    if (streams) expect(read.chunks).toBeGreaterThan(1);
    await storage.put('empty.bin', new Uint8Array());
    expect((await readAll(await storage.open('empty.bin'))).bytes.length).toBe(0);
  });

  it('replaces the bytes of a key written again', async () => {
    await storage.put('again.txt', Buffer.from('first version, the longer one'));
    await storage.put('again.txt', Buffer.from('second'));
    expect((await readAll(await storage.open('again.txt'))).bytes.toString()).toBe('second');
  });

  it('answers null for a key with nothing stored, and forgets removed bytes (twice is no error)', async () => {
    expect(await storage.open('missing.bin')).toBeNull();
    await storage.put('gone.txt', Buffer.from('bytes'));
    await storage.remove('gone.txt');
    expect(await storage.open('gone.txt')).toBeNull();
    await expect(storage.remove('gone.txt')).resolves.toBeUndefined();
  });

  it('refuses keys that could reach outside its folder or bucket part', async () => {
    for (const key of ['../etc/passwd', 'a/b.txt', '.hidden', '', 'x'.repeat(129)]) {
      await expect(storage.open(key), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.put(key, new Uint8Array([1])), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.remove(key), key).rejects.toThrow(/Unsafe storage key/);
    }
  });
});

describe('S3-compatible storage', () => {
  const secret = { SECRET_KEY: 'ab'.repeat(32) };

  it('is what FILE_STORAGE=s3 picks, and keeps its files under S3_PREFIX', async () => {
    const storage = await createStorage(loadConfig({ ...s3.env('society-a'), ...secret }));
    const other = await createStorage(loadConfig({ ...s3.env('society-b'), ...secret }));
    await storage.put('logo.png', Buffer.from('portal A'));
    await other.put('logo.png', Buffer.from('portal B'));
    expect((await readAll(await storage.open('logo.png'))).bytes.toString()).toBe('portal A');
    expect((await readAll(await other.open('logo.png'))).bytes.toString()).toBe('portal B');
    // In the bucket under the prefix (s3rver keeps each object as a file beside its metadata).
    expect(existsSync(path.join(s3.directory, s3.bucket, 'society-a', 'logo.png._S3rver_object'))).toBe(true);
    await other.remove('logo.png');
    expect((await readAll(await storage.open('logo.png'))).bytes.toString()).toBe('portal A');
  });

  it('names where files are kept for the start’s log, never a password in the address', () => {
    const env = { ...s3.env('portal'), ...secret, S3_ENDPOINT: 'https://key:hunter2@minio.example.org:9000/' };
    expect(storageLocation(loadConfig(env))).toBe('s3://portal-files/portal/ at https://minio.example.org:9000');
    expect(storageLocation(loadConfig({ DATA_DIR: '/srv/portal' }))).toBe('/srv/portal/files');
  });

  it('refuses to start on a bucket it cannot use, saying why', async () => {
    await expect(createS3Storage({ ...s3.settings(), bucket: 'no-such-bucket' })).rejects.toThrow(
      /bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+ cannot be used: the bucket does not exist/,
    );
    await expect(createS3Storage({ ...s3.settings(), accessKeyId: 'AKIAWRONG' })).rejects.toThrow(
      /access is refused: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
    await expect(createS3Storage({ ...s3.settings(), endpoint: 'http://127.0.0.1:1' })).rejects.toThrow(
      /could not be reached .*check S3_ENDPOINT/,
    );
  });
});

describe('S3-compatible storage refusing an upload', () => {
  /** A bucket that answers the start's look, then refuses every upload as a provider would. */
  async function refusingBucket(status: number, code: string) {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.method === 'HEAD') {
          res.writeHead(200).end();
          return;
        }
        res.writeHead(status, { 'Content-Type': 'application/xml' });
        res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>No.</Message></Error>`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const storage = await createS3Storage({
      bucket: 'portal-files',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      forcePathStyle: true,
      prefix: '',
      accessKeyId: 'portal',
      secretAccessKey: 'portal-secret',
    });
    return { storage, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it.each([
    [507, 'XMinioStorageFull', 'full'],
    [400, 'XMinioAdminBucketQuotaExceeded', 'full'],
    [403, 'AccessDenied', 'readOnly'],
  ])('answers HTTP %i %s as the storage being %s (a 507 to the uploader)', async (status, code, kind) => {
    const bucket = await refusingBucket(status, code);
    try {
      const refused = await bucket.storage.put('a-file', Buffer.from('bytes')).catch((error: unknown) => error);
      expect(isStorageFault(refused)).toBe(true);
      expect(refused).toMatchObject({ kind });
    } finally {
      await bucket.close();
    }
  });

  it('leaves any other refusal an unexpected failure', async () => {
    const bucket = await refusingBucket(400, 'InvalidArgument');
    try {
      const refused = await bucket.storage.put('a-file', Buffer.from('bytes')).catch((error: unknown) => error);
      expect(refused).toMatchObject({ name: 'InvalidArgument' });
      expect(isStorageFault(refused)).toBe(false);
    } finally {
      await bucket.close();
    }
  });
});
