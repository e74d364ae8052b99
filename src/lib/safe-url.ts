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

/** An extension after the number: "ext. 12", "ext 12", "x12", "#12", "分機 12", "轉 12". */
const EXTENSION = /\s*(?:ext\.?|extension|x|#|分機|轉)\s*(\d+)\s*$/i;

/**
 * A phone number as a `tel:` address: digits and a leading +, e.g. 02-2312-3456 → tel:0223123456.
 * An extension is not dialled as part of the number: it becomes RFC 3966's `;ext=`, on the number
 * written for the world (a Taiwanese 0 becomes +886), as the parameter asks:
 * 02-2351 0000 ext. 12 → tel:+886223510000;ext=12.
 */
export function telHref(phone: string): string {
  const extension = EXTENSION.exec(phone);
  const digits = (extension ? phone.slice(0, extension.index) : phone).replace(/[^\d+]/g, '');
  if (!extension) return `tel:${digits}`;
  const global = digits.startsWith('+') ? digits : digits.startsWith('0') ? `+886${digits.slice(1)}` : digits;
  return `tel:${global};ext=${extension[1]}`;
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
