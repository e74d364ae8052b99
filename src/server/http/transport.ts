import type { Config } from '../config';

/** HSTS for a year; subdomains are the society's own business, so they are left out. */
export const HSTS_VALUE = 'max-age=31536000';

/**
 * Whether the reader reached the site over TLS: the public address (SITE_URL) is https, the
 * request itself came over https, or a trusted proxy (TRUST_PROXY) says so in
 * `X-Forwarded-Proto`. Then cookies are `Secure` and answers carry HSTS.
 */
export function isTlsRequest(
  config: Pick<Config, 'SITE_URL' | 'TRUST_PROXY'>,
  protocol: string,
  forwardedProto: string | null | undefined,
): boolean {
  if (config.SITE_URL?.startsWith('https:')) return true;
  if (protocol === 'https:' || protocol === 'https') return true;
  if (config.TRUST_PROXY === false || !forwardedProto) return false;
  // A proxy appends or overwrites; the last value is the one our own proxy wrote.
  const last = forwardedProto.split(',').pop()?.trim().toLowerCase();
  return last === 'https';
}
