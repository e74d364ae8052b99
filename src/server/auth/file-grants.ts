import { createHmac, timingSafeEqual } from 'node:crypto';

/** The cookie that lets a preview's own page load the files of the draft it shows. */
export const FILE_GRANT_COOKIE = 'ams-file-grant';
/** Sent only with file requests. */
export const FILE_GRANT_PATH = '/api/amsw1002';

/**
 * A signed, expiring grant to read some withheld files: `<expiry>.<ids joined by ->.<HMAC>`.
 * A preview page sets it for the files of the draft it shows, so their pictures and downloads
 * load without each address carrying a token.
 */
export function signFileGrant(key: Buffer, fileIds: number[], expiresAt: Date): string {
  const expiry = Math.floor(expiresAt.getTime() / 1000);
  const ids = [...new Set(fileIds)].sort((a, b) => a - b).join('-');
  return `${expiry}.${ids}.${mac(key, ids, expiry)}`;
}

/** The file ids a grant opens at `now`: empty when it is missing, forged or expired. */
export function readFileGrant(key: Buffer, value: string | null | undefined, now = new Date()): Set<number> {
  const match = /^(\d{1,12})\.((?:\d{1,10}-){0,199}\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(value ?? '');
  if (!match) return new Set();
  const expiry = Number(match[1]);
  if (expiry * 1000 <= now.getTime()) return new Set();
  const expected = Buffer.from(mac(key, match[2]!, expiry));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return new Set();
  return new Set(match[2]!.split('-').map(Number));
}

function mac(key: Buffer, ids: string, expiry: number): string {
  return createHmac('sha256', key).update(`file-grant:${ids}:${expiry}`).digest('base64url');
}
