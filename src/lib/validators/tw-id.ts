/**
 * Taiwanese identity numbers: 國民身分證統一編號, 居留證統一證號 and 營利事業統一編號 (UBN).
 *
 * The `is…` checks and `personIdKind` test the value exactly as given (upper-case, no spaces);
 * run user input through `normalizePersonId` first (the zod schemas in ./schemas do this).
 */

/**
 * First letter (issuing region) → two-digit code, per 內政部 (Ministry of the Interior).
 * I, O, W–Z were added later, hence the out-of-order values.
 */
// prettier-ignore
const REGION_CODES: Readonly<Record<string, number>> = {
  A: 10, B: 11, C: 12, D: 13, E: 14, F: 15, G: 16, H: 17, I: 34, J: 18, K: 19, L: 20, M: 21,
  N: 22, O: 35, P: 23, Q: 24, R: 25, S: 26, T: 27, U: 28, V: 29, W: 32, X: 30, Y: 31, Z: 33,
};

/** Weights for the 11 digits (letter code's two digits, then the 9 remaining digits). */
const PERSON_ID_WEIGHTS = [1, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1] as const;

/** Weighted sum of the 11 digits must be a multiple of 10 (the last digit is the check digit). */
function hasValidChecksum(digits: readonly number[]): boolean {
  const sum = PERSON_ID_WEIGHTS.reduce((acc, weight, i) => acc + weight * (digits[i] ?? 0), 0);
  return digits.length === PERSON_ID_WEIGHTS.length && sum % 10 === 0;
}

/** The region letter's code as two digits, e.g. 'I' → [3, 4]. */
function regionDigits(letter: string): number[] {
  const code = REGION_CODES[letter] ?? 0;
  return [Math.floor(code / 10), code % 10];
}

const toDigits = (s: string): number[] => Array.from(s, Number);

/**
 * 國民身分證統一編號: region letter, 1 (male) or 2 (female), 7 digits and a check digit.
 * Checksum: letter → two digits (REGION_CODES), weights 1,9,8,7,6,5,4,3,2,1,1, sum % 10 === 0.
 */
export function isTaiwanNationalId(value: string): boolean {
  if (!/^[A-Z][12]\d{8}$/.test(value)) return false;
  return hasValidChecksum([...regionDigits(value.slice(0, 1)), ...toDigits(value.slice(1))]);
}

/**
 * 居留證統一證號 (resident certificate / ARC number), both formats:
 * - new (issued since 2021-01-02): region letter, 8 (male) or 9 (female), 8 digits; checksum as the national ID;
 * - old: region letter, sex letter A–D, 8 digits; the sex letter counts as the last digit of its
 *   code (A=10→0, B=11→1, C=12→2, D=13→3) with weight 8, then the same checksum.
 */
export function isResidentCertificateNumber(value: string): boolean {
  if (/^[A-Z][89]\d{8}$/.test(value)) {
    return hasValidChecksum([...regionDigits(value.slice(0, 1)), ...toDigits(value.slice(1))]);
  }
  if (/^[A-Z][A-D]\d{8}$/.test(value)) {
    const sexDigit = (REGION_CODES[value.slice(1, 2)] ?? 0) % 10;
    return hasValidChecksum([...regionDigits(value.slice(0, 1)), sexDigit, ...toDigits(value.slice(2))]);
  }
  return false;
}

/**
 * Canonical form of a typed person ID: full-width characters folded to ASCII (NFKC, e.g. 'Ａ１２' → 'A12'),
 * all whitespace removed, upper-cased.
 */
export function normalizePersonId(value: string): string {
  return value.normalize('NFKC').replace(/\s+/g, '').toUpperCase();
}

export type PersonIdKind = 'nationalId' | 'residentCertificate';

/** Which kind of valid person ID `value` is, or null when it is neither. */
export function personIdKind(value: string): PersonIdKind | null {
  if (isTaiwanNationalId(value)) return 'nationalId';
  if (isResidentCertificateNumber(value)) return 'residentCertificate';
  return null;
}

/**
 * Keeps the first 3 and last 2 characters and masks the rest: 'A123456789' → 'A12*****89'.
 * A value of 5 characters or fewer is masked entirely rather than shown whole.
 */
export function maskPersonId(value: string): string {
  const chars = Array.from(value);
  if (chars.length <= 5) return '*'.repeat(chars.length);
  return chars.slice(0, 3).join('') + '*'.repeat(chars.length - 5) + chars.slice(-2).join('');
}

/** Weights for the 8 digits of a 統一編號. */
const UBN_WEIGHTS = [1, 2, 1, 2, 1, 2, 4, 1] as const;

/**
 * 營利事業統一編號 (UBN), 8 digits, per 財政部 (Ministry of Finance): multiply by 1,2,1,2,1,2,4,1,
 * add the two digits of each product, sum. Valid when sum % 5 === 0 (since 2023; formerly % 10, and
 * every number valid then is still valid). When the 7th digit is 7, its product 28 gives 2+8=10, which
 * may count as 1+0=1 or as 0, so sum + 1 being a multiple of 5 is accepted too.
 */
export function isTaiwanBusinessNumber(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  const digits = toDigits(value);
  const sum = UBN_WEIGHTS.reduce((acc, weight, i) => {
    const product = weight * (digits[i] ?? 0);
    return acc + Math.floor(product / 10) + (product % 10);
  }, 0);
  // Here 28 counts as 10, i.e. 0 modulo 5; the alternative value 1 is sum + 1.
  return sum % 5 === 0 || (digits[6] === 7 && (sum + 1) % 5 === 0);
}
