import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, sharedSetUpWarnings } from './config';

describe('configuration', () => {
  it('takes the gateway credentials together, and refuses half of them', () => {
    const full = loadConfig({
      NEWEBPAY_MERCHANT_ID: 'MS12345678',
      NEWEBPAY_HASH_KEY: '12345678901234567890123456789012',
      NEWEBPAY_HASH_IV: '1234567890123456',
    });
    expect(full.NEWEBPAY_GATEWAY_URL).toBe('https://ccore.newebpay.com');
    expect(() => loadConfig({ NEWEBPAY_MERCHANT_ID: 'MS12345678' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ NEWEBPAY_MERCHANT_ID: 'MS12345678', NEWEBPAY_HASH_KEY: 'short', NEWEBPAY_HASH_IV: 'x' }),
    ).toThrow(/32-character HashKey/);
    expect(loadConfig({}).NEWEBPAY_MERCHANT_ID).toBeUndefined();
  });
});

describe('file storage settings', () => {
  const key = 'ab'.repeat(32);
  const bucket = { FILE_STORAGE: 's3', S3_BUCKET: 'portal-files', S3_REGION: 'ap-northeast-1', SECRET_KEY: key };
  const problems = (env: NodeJS.ProcessEnv) => {
    try {
      loadConfig(env);
      return '';
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('keeps files on the disk unless told otherwise, and takes a complete bucket', () => {
    expect(loadConfig({}).FILE_STORAGE).toBe('disk');
    const config = loadConfig({ ...bucket, S3_PREFIX: 'society/files', S3_FORCE_PATH_STYLE: 'true' });
    expect(config).toMatchObject({ FILE_STORAGE: 's3', S3_PREFIX: 'society/files/', S3_FORCE_PATH_STYLE: true });
  });

  it('lists every missing or wrong setting of a bucket at once', () => {
    const message = problems({ FILE_STORAGE: 's3', S3_ACCESS_KEY_ID: 'AKIA' });
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toMatch(/S3_BUCKET: FILE_STORAGE=s3 needs the bucket/);
    expect(message).toMatch(/S3_REGION: FILE_STORAGE=s3 needs the bucket’s region/);
    expect(message).toMatch(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
    expect(message).toMatch(/SECRET_KEY: .* every machine must use the same key/);
    const wrong = problems({ ...bucket, FILE_STORAGE: 'cloud', S3_ENDPOINT: 'ftp://minio', S3_PREFIX: '../up' });
    expect(wrong).toMatch(/FILE_STORAGE: must be disk or s3/);
    expect(wrong).toMatch(/S3_ENDPOINT: must be an http/);
    expect(wrong).toMatch(/S3_PREFIX: must be folder names/);
    expect(problems({ ...bucket, S3_BUCKET: 'Has_Capitals' })).toMatch(/S3_BUCKET: must be a bucket name/);
  });

  it('refuses bucket settings the disk would silently ignore', () => {
    expect(problems({ S3_BUCKET: 'portal-files', S3_REGION: 'auto' })).toMatch(
      /S3_BUCKET, S3_REGION set, but FILE_STORAGE is disk/,
    );
  });

  it('warns a set-up of several machines that mails would stay on each machine', () => {
    expect(sharedSetUpWarnings(loadConfig(bucket))).toEqual([expect.stringMatching(/without SMTP_URL/)]);
    expect(sharedSetUpWarnings(loadConfig({ ...bucket, SMTP_URL: 'smtps://mail.example.org' }))).toEqual([]);
    expect(sharedSetUpWarnings(loadConfig({}))).toEqual([]);
  });
});
