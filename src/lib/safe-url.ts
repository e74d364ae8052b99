/**
 * A stored address that is safe to put in `href`: web and mail addresses, phone numbers, and
 * paths of this site. Anything else (`javascript:`, `data:`, protocol-relative `//host`) is null.
 */
export function safeUrl(url: string | null | undefined): string | null {
  const value = url?.trim();
  if (!value) return null;
  if (/^(https?:\/\/|mailto:|tel:)/i.test(value)) return /[\s<>"]/.test(value) ? null : value;
  if (value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')) return value;
  return null;
}

/** A stored address that is an absolute http(s) address, or null. */
export function safeWebUrl(url: string | null | undefined): string | null {
  const safe = safeUrl(url);
  return safe && /^https?:\/\//i.test(safe) ? safe : null;
}

/** A phone number as a `tel:` address: digits and a leading +, e.g. 02-2312-3456 → tel:0223123456. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits}`;
}

/** Up to two letters that stand for a name when there is no portrait: 陳文雄 → 陳, Chen Wen-Hsiung → CW. */
export function initials(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return '';
  if (/^\p{Script=Han}/u.test(trimmed)) return Array.from(trimmed)[0]!;
  return trimmed
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]!.toUpperCase())
    .join('');
}
