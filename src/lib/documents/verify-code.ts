/**
 * A document's verification code (DESIGN.md §16): ten characters from an alphabet without the
 * look-alikes (no 0/O, 1/I/L, 5/S, 2/Z, 8/B, U/V), about 47 bits, read aloud or typed from paper.
 * Shown in groups of five (`K7QXM-R4WTD`); the page takes it with or without the hyphen, in
 * either case.
 */
export const VERIFY_ALPHABET = '34679ACDEFGHJKMNPQRTWXY';
export const VERIFY_CODE_LENGTH = 10;

/** The code as printed: two groups of five. */
export function formatVerifyCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The stored form of what a reader typed or scanned, or null when it cannot be a code. */
export function parseVerifyCode(input: string): string | null {
  const code = input.trim().toUpperCase().replace(/-/g, '');
  if (code.length !== VERIFY_CODE_LENGTH) return null;
  for (const c of code) if (!VERIFY_ALPHABET.includes(c)) return null;
  return code;
}
