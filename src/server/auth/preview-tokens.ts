import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a preview link may open: an unpublished article or event, a stored file, a member class's
 * join page (`signin`), or a certification's page before it is published (`credit`).
 */
export const PREVIEW_KINDS = ['article', 'event', 'file', 'signin', 'credit'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

/** How long a preview link lasts unless the issuer says otherwise. */
export const DEFAULT_PREVIEW_MINUTES = 24 * 60;

/**
 * A signed, expiring preview token for one object: `<expiry seconds>.<HMAC-SHA256 of
 * kind:id:expiry>` in base64url. It names the object it opens, so it opens nothing else.
 */
export function signPreviewToken(key: Buffer, kind: PreviewKind, id: number, expiresAt: Date): string {
  const expiry = Math.floor(expiresAt.getTime() / 1000);
  return `${expiry}.${mac(key, kind, id, expiry)}`;
}

/** True when the token was signed with `key` for this object and has not expired at `now`. */
export function verifyPreviewToken(
  key: Buffer,
  token: string | null | undefined,
  kind: PreviewKind,
  id: number,
  now = new Date(),
): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!match) return false;
  const expiry = Number(match[1]);
  if (expiry * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(mac(key, kind, id, expiry));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function mac(key: Buffer, kind: PreviewKind, id: number, expiry: number): string {
  return createHmac('sha256', key).update(`preview:${kind}:${id}:${expiry}`).digest('base64url');
}
