/**
 * Why a document was revoked, as the public verification page may say it: fixed words only. A
 * receipt says voided or refunded, never the reason finance gave (finance's own views keep it).
 */
export const PUBLIC_REVOKED_REASONS = [
  'superseded',
  'replaced',
  'membershipEnded',
  'membershipLapsed',
  'voided',
  'refunded',
  'withdrawn',
] as const;
export type PublicRevokedReason = (typeof PUBLIC_REVOKED_REASONS)[number];

/** The stored reason of a receipt voided by a refund of the whole payment begins with this. */
export const REFUNDED_PREFIX = 'Refunded: ';

export function publicRevokedReason(kind: string, stored: string | null): PublicRevokedReason | null {
  if (kind === 'receipt') return stored?.startsWith(REFUNDED_PREFIX) ? 'refunded' : 'voided';
  return (PUBLIC_REVOKED_REASONS as readonly string[]).includes(stored ?? '') ? (stored as PublicRevokedReason) : null;
}
