/**
 * Test data for the account e2e tests. The two checksums are the small algorithms of
 * tests/integration/helpers.ts, copied: those helpers need vitest's inject.
 */

/** An address no other test uses (the database lives for the whole run). */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.org`;
}

const random = (below: number) => Math.floor(Math.random() * below);

/** A valid Taiwanese national ID (A1xxxxxxxx) by the official checksum; random unless a seed is given. */
export function nationalId(seed = random(10_000_000)): string {
  const body = `A1${String(seed % 10_000_000).padStart(7, '0')}`;
  const letter = 10; // A
  const digits = [Math.floor(letter / 10), letter % 10, ...body.slice(1).split('').map(Number)];
  const weights = [1, 9, 8, 7, 6, 5, 4, 3, 2, 1];
  const sum = digits.reduce((acc, d, i) => acc + d * weights[i]!, 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A random valid business number (統一編號): 8 digits whose weighted digit sum is a multiple of 5. */
export function businessNumber(): string {
  const weights = [1, 2, 1, 2, 1, 2, 4, 1];
  for (;;) {
    const digits = String(10_000_000 + random(90_000_000));
    if (digits[6] === '7') continue; // the special case of the rule: avoided
    const sum = digits
      .split('')
      .map((d, i) => Number(d) * weights[i]!)
      .reduce((acc, p) => acc + Math.floor(p / 10) + (p % 10), 0);
    if (sum % 5 === 0) return digits;
  }
}
