import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createSecretKey,
  hkdfSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Secrets {
  /** Names the master key (`keyId`): the database records it, so a process with another key stops. */
  masterKeyId: string;
  /**
   * AES-256-GCM key for national ID numbers at rest. A KeyObject: a cipher made from raw key bytes
   * builds one each time, which costs five times the decryption (the centres decrypt on every view).
   */
  personIdKey: KeyObject;
  /** HMAC key for the duplicate check on national ID numbers. */
  personIdHashKey: Buffer;
  /**
   * HMAC key for signed, expiring links (preview tokens, file grants, review links), derived
   * per LINK_KEY_VERSION: raising the version voids every link issued so far, without touching
   * the keys of the national IDs.
   */
  signingKey: Buffer;
  /** AES-256-GCM key for the staff's authenticator secrets (TOTP) at rest. */
  secondFactorKey: KeyObject;
  /** HMAC key for the hashes of recovery codes, so a copied table cannot be tried offline. */
  recoveryCodeKey: Buffer;
  /** HMAC key of the audit log's chain (docs/decisions/033): the database alone cannot rewrite the chain. */
  auditChainKey: Buffer;
  /** HMAC secret (hex) that signs proof-of-work captcha challenges (altcha-lib takes strings). */
  captchaSignatureSecret: string;
  /** HMAC secret (hex) that signs the expected key of a captcha challenge, so checking a solution is one HMAC. */
  captchaKeySignatureSecret: string;
}

/**
 * The master key: SECRET_KEY (64 hex characters or 44 base64) when set; otherwise generated once
 * into DATA_DIR/secret.key (kept with the data it protects); for DATA_DIR=memory, a new one per
 * process. Purpose keys are derived from it with HKDF, one per use (and per version, for links),
 * so no key of one use opens another.
 */
export function loadSecrets(options: { secretKey?: string; dataDir: string; linkKeyVersion?: number }): Secrets {
  const master = options.secretKey ? parseKey(options.secretKey) : keyFromDataDir(options.dataDir);
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32));
  return {
    masterKeyId: keyId(master),
    personIdKey: createSecretKey(derive('person-id-encryption')),
    personIdHashKey: derive('person-id-hash'),
    secondFactorKey: createSecretKey(derive('second-factor-secret')),
    recoveryCodeKey: derive('recovery-code-hash'),
    signingKey: derive(`links-v${options.linkKeyVersion ?? 1}`),
    auditChainKey: derive('audit-chain-v1'),
    captchaSignatureSecret: derive('captcha-signature-v1').toString('hex'),
    captchaKeySignatureSecret: derive('captcha-key-signature-v1').toString('hex'),
  };
}

/**
 * Names a master key without giving it away: the first 16 hex of an HMAC made with it (in backups'
 * manifests, and in the database, which refuses a process with another key).
 */
export const keyId = (key: Buffer) =>
  createHmac('sha256', key).update('society-portal backup key id').digest('hex').slice(0, 16);

export function parseKey(value: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) throw new Error('SECRET_KEY must be 32 bytes: 64 hex characters or 44 base64 characters');
  return key;
}

/** Where the generated master key is kept when SECRET_KEY is unset. */
export function secretKeyFile(dataDir: string): string {
  return path.join(dataDir, 'secret.key');
}

function keyFromDataDir(dataDir: string): Buffer {
  if (dataDir === 'memory') return randomBytes(32);
  const file = secretKeyFile(dataDir);
  if (existsSync(file)) return parseKey(readFileSync(file, 'utf8').trim());
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  chmodSync(file, 0o600);
  return parseKey(readFileSync(file, 'utf8').trim());
}

/** AES-256-GCM with a 12-byte IV; stored as base64 of iv | tag | ciphertext. */
export function encrypt(key: KeyObject, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function decrypt(key: KeyObject, stored: string): string {
  const raw = Buffer.from(stored, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

export function keyedHash(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

/** Tokens handed to clients (sessions, e-mail tokens): 256 random bits, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, so a stolen table opens no session. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
