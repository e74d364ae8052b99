import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The access key s3rver checks signatures with. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * An S3-compatible server for tests (s3rver, in this process, on a free port), with one empty
 * bucket; its objects are files under `directory` (`<bucket>/<key>._S3rver_object`).
 */
export async function startS3Server(bucket = 'portal-files') {
  const directory = mkdtempSync(path.join(tmpdir(), 'portal-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    /** The settings of createS3Storage for this server. */
    settings: (prefix = '') => ({
      bucket,
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      prefix,
      ...CREDENTIALS,
    }),
    /** The portal's environment for this server (FILE_STORAGE=s3). */
    env: (prefix = ''): Record<string, string> => ({
      FILE_STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      ...(prefix ? { S3_PREFIX: prefix } : {}),
    }),
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
