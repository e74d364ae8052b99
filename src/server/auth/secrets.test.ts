import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decrypt, encrypt, keyedHash, loadSecrets, newToken, tokenHash } from './secrets';

describe('secrets', () => {
  it('encrypts with AES-256-GCM and a fresh 12-byte IV each time, and refuses a tampered value', () => {
    const { personIdKey } = loadSecrets({ dataDir: 'memory' });
    const a = encrypt(personIdKey, 'A123456789');
    const b = encrypt(personIdKey, 'A123456789');
    expect(a).not.toBe(b);
    expect(Buffer.from(a, 'base64').subarray(0, 12)).toHaveLength(12);
    expect(decrypt(personIdKey, a)).toBe('A123456789');
    const tampered = Buffer.from(a, 'base64');
    tampered[tampered.length - 1]! ^= 1;
    expect(() => decrypt(personIdKey, tampered.toString('base64'))).toThrow();
  });

  it('derives stable purpose keys from SECRET_KEY', () => {
    const key = 'ab'.repeat(32);
    const one = loadSecrets({ secretKey: key, dataDir: 'memory' });
    const two = loadSecrets({ secretKey: key, dataDir: 'memory' });
    expect(keyedHash(one.personIdHashKey, 'A123456789')).toBe(keyedHash(two.personIdHashKey, 'A123456789'));
    expect(one.personIdKey.export().equals(one.personIdHashKey)).toBe(false);
    expect(() => loadSecrets({ secretKey: 'short', dataDir: 'memory' })).toThrow(/32 bytes/);
  });

  it('gives links a key of their own per version: a new version voids links, not national IDs', () => {
    const key = 'cd'.repeat(32);
    const v1 = loadSecrets({ secretKey: key, dataDir: 'memory' });
    const v2 = loadSecrets({ secretKey: key, dataDir: 'memory', linkKeyVersion: 2 });
    expect(v1.signingKey.equals(v2.signingKey)).toBe(false);
    expect(v1.personIdKey.equals(v2.personIdKey)).toBe(true);
    expect(v1.personIdHashKey.equals(v2.personIdHashKey)).toBe(true);
    expect(v1.signingKey.equals(v1.personIdKey.export())).toBe(false);
  });

  it('creates a private key file in the data folder once and reuses it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'secrets-'));
    try {
      const first = loadSecrets({ dataDir: dir });
      const file = path.join(dir, 'secret.key');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
      expect(loadSecrets({ dataDir: dir }).personIdKey.equals(first.personIdKey)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('makes unguessable tokens and stores only their hash', () => {
    const token = newToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(tokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash(token)).not.toContain(token);
  });
});
