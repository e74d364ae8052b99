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
 * A mobile number as the portal keeps it: a Taiwanese mobile in its national form '09xxxxxxxx', or
 * any other country's number in E.164 ('+' and 8 to 15 digits, the country code first, e.g.
 * '+442079460958' from '+44 20 7946 0958'), for members and applicants living abroad. Written with
 * single spaces, hyphens or dots between the digits; without the '+' a number is read as Taiwanese.
 * A +886 number that is not a mobile is refused (a Taiwanese landline is not a mobile number).
 * Answers null when the value is none of these.
 */
export function normalizeMobile(value: string): string | null {
  const taiwanese = normalizeTaiwanMobile(value);
  if (taiwanese) return taiwanese;
  const written = value.trim();
  if (!/^\+[1-9](?:[\s.-]?\d)+$/.test(written)) return null;
  const digits = written.replace(/\D/g, '');
  if (digits.length < 8 || digits.length > 15 || digits.startsWith('886')) return null;
  return `+${digits}`;
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
