import type { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { ConfigError } from '../../config';
import { StorageFault, type StorageFaultKind } from './faults';
import { assertKey, type FileStorage } from './file-storage';

/** Where the S3-compatible store is (FILE_STORAGE=s3 and the S3_ settings, config.ts). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** The server's address for another provider than AWS (MinIO, Ceph, Cloudflare R2…). */
  endpoint?: string | undefined;
  /** bucket in the path (`https://host/bucket/key`) rather than the host name: MinIO and Ceph need it. */
  forcePathStyle: boolean;
  /** Put before every key, e.g. `portal/`, so one bucket can hold several portals' files. */
  prefix: string;
  /** Without them, the SDK's own chain: AWS_ variables, a profile, the machine's role. */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
}

/** The start's check of the bucket gives up after this long (a server that does not answer). */
const CHECK_TIMEOUT_MS = 10_000;

/**
 * Thrown when the bucket cannot be used at start: what is wrong, in words an operator can act on
 * (a configuration problem: the start prints it without a stack).
 */
export class StorageUnreachableError extends ConfigError {}

function statusOf(error: unknown): number | undefined {
  return (error as Partial<S3ServiceException>).$metadata?.httpStatusCode;
}

function isMissing(error: unknown): boolean {
  const name = (error as Error).name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
}

/**
 * The bucket's answers that mean what a full or read-only disk means (faults.ts): an operator must
 * act (buy room, lift a quota, give the key write access), and the upload is refused with 507.
 */
const FULL_CODES = new Set(['XMinioStorageFull', 'XMinioAdminBucketQuotaExceeded', 'QuotaExceeded']);
const READ_ONLY_CODES = new Set(['AccessDenied', 'AllAccessDisabled', 'InvalidAccessKeyId', 'SignatureDoesNotMatch']);

function faultOf(error: unknown): StorageFaultKind | undefined {
  const name = (error as Error).name;
  const status = statusOf(error);
  if (FULL_CODES.has(name) || status === 507) return 'full';
  if (READ_ONLY_CODES.has(name) || status === 403) return 'readOnly';
  return undefined;
}

/** Why the start's look at the bucket failed, in words an operator can act on. */
function reasonOf(error: unknown): string {
  const status = statusOf(error);
  if ((error as Error).name === 'CredentialsProviderError')
    return 'no credentials were found: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or give the machine a role or AWS_ variables';
  if (status === 404) return 'the bucket does not exist: create it, or check S3_BUCKET and S3_ENDPOINT';
  if (status === 401 || status === 403)
    return 'access is refused: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or the machine’s role) and the bucket’s policy';
  if (status === 301 || status === 307) return 'the bucket is in another region: check S3_REGION';
  if (status !== undefined) return `the server answered HTTP ${status}`;
  return `it could not be reached (${(error as Error).message || (error as Error).name}): check S3_ENDPOINT and the network`;
}

function unreachable(settings: S3Settings, error: unknown): StorageUnreachableError {
  const where = `bucket ${settings.bucket} at ${settings.endpoint ? new URL(settings.endpoint).origin : `AWS S3 (${settings.region})`}`;
  return new StorageUnreachableError(
    `File storage (FILE_STORAGE=s3): the ${where} cannot be used: ${reasonOf(error)}.`,
  );
}

/**
 * Bytes in an S3-compatible bucket (AWS S3, MinIO, Ceph, Cloudflare R2…), so that several
 * machines serve the same files (docs/decisions/024-s3-file-storage.md). The SDK is loaded only
 * here, when the portal is configured for it. The start looks at the bucket (HeadBucket) and
 * refuses with the reason when it cannot be used, rather than failing at the first upload.
 */
export async function createS3Storage(settings: S3Settings): Promise<FileStorage> {
  const sdk = await import('@aws-sdk/client-s3');
  const client: S3Client = new sdk.S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where the API demands them: several S3-compatible servers refuse the newer
    // default ones (AWS's own advice for third-party stores).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A server that does not answer fails the request rather than holding it (reads stream on
    // as slowly as their reader takes them, so there is no limit on a whole request).
    requestHandler: { connectionTimeout: 5_000 },
  });
  const Bucket = settings.bucket;
  const objectKey = (key: string) => {
    assertKey(key);
    return settings.prefix + key;
  };

  try {
    await client.send(new sdk.HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
  } catch (error) {
    client.destroy();
    throw unreachable(settings, error);
  }

  return {
    async put(key, bytes) {
      try {
        await client.send(
          new sdk.PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes, ContentLength: bytes.byteLength }),
        );
      } catch (error) {
        // A refused put leaves no object behind: the caller stores no row, as on a full disk.
        const kind = faultOf(error);
        throw kind ? new StorageFault(kind, error) : error;
      }
    },
    async open(key) {
      const Key = objectKey(key);
      try {
        const { Body } = await client.send(new sdk.GetObjectCommand({ Bucket, Key }));
        if (!Body) return null;
        // The response body as a web stream, read as the reader asks (never whole in memory);
        // a reader going away ends the request.
        return Body.transformToWebStream() as ReadableStream<Uint8Array>;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      // Deleting a key that holds nothing succeeds in S3; some servers answer 404, the same outcome.
      try {
        await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
  };
}
