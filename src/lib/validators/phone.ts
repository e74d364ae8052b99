/**
 * Taiwanese mobile numbers: 09 + 8 digits nationally, +886 9 + 8 digits internationally (the trunk 0
 * is dropped after the country code). One space, hyphen or dot is allowed between digits and after
 * +886: '0912-345-678', '0912 345 678', '+886 912 345 678', '+886-912345678'.
 * Not accepted: '+886 0912…' (the 0 must go), '886912…' or '00886…' (no +), parentheses.
 */
const TAIWAN_MOBILE = /^(?:0|\+886[\s.-]?)9(?:[\s.-]?\d){8}$/;

export function isTaiwanMobile(value: string): boolean {
  return TAIWAN_MOBILE.test(value.trim());
}

/** The national form '09xxxxxxxx' of a Taiwanese mobile number, or null when it is not one. */
export function normalizeTaiwanMobile(value: string): string | null {
  if (!isTaiwanMobile(value)) return null;
  const digits = value.replace(/\D/g, '');
  return digits.startsWith('886') ? `0${digits.slice(3)}` : digits;
}

/**
 * Any phone number, leniently: an optional leading +, then digits, spaces, hyphens and parentheses,
 * optionally followed by '#' and an extension, e.g. '(02) 2345-6789 #123', '+886-2-2345-6789#12'.
 * The number before '#' must have 6–20 digits; the extension 1–10.
 */
const PHONE = /^\+?([\d\s()-]+?)\s*(?:#\s*(\d{1,10}))?$/;

export function isPhoneNumber(value: string): boolean {
  const match = PHONE.exec(value.trim());
  if (!match) return false;
  const digits = (match[1] ?? '').replace(/\D/g, '').length;
  return digits >= 6 && digits <= 20;
}
