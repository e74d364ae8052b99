/** Chinese capital numerals (大寫數字), as receipts and cheques write amounts so they cannot be altered. */
const DIGITS = ['零', '壹', '貳', '參', '肆', '伍', '陸', '柒', '捌', '玖'];
const UNITS = ['', '拾', '佰', '仟'];
const GROUPS = ['', '萬', '億', '兆'];

/** One group of up to four digits (0–9999); `padded`: a zero before it is read (零), as inside a larger number. */
function fourDigits(n: number, padded: boolean): string {
  let out = '';
  let zero = padded;
  for (let i = 3; i >= 0; i--) {
    const d = Math.floor(n / 10 ** i) % 10;
    if (d === 0) {
      if (out !== '' || padded) zero = true;
      continue;
    }
    if (zero && (out !== '' || padded)) out += DIGITS[0];
    zero = false;
    out += DIGITS[d]! + UNITS[i]!;
  }
  return out;
}

/**
 * A whole number in capital numerals: 1500 → 壹仟伍佰, 1010 → 壹仟零壹拾, 100000 → 壹拾萬,
 * 0 → 零. Zeros inside the number are read once (壹萬零壹拾), never at its end.
 */
export function capitalNumerals(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a whole amount: ${value}`);
  if (value === 0) return DIGITS[0]!;
  const groups: number[] = [];
  for (let n = value; n > 0; n = Math.floor(n / 10_000)) groups.push(n % 10_000);
  if (groups.length > GROUPS.length) throw new RangeError(`amount too large: ${value}`);
  let out = '';
  for (let g = groups.length - 1; g >= 0; g--) {
    const group = groups[g]!;
    if (group === 0) continue;
    const higher = g < groups.length - 1;
    // A gap before this group (a smaller group or a whole empty group above it) is read as one 零.
    const gapAbove = higher && (group < 1000 || groups[g + 1] === 0);
    out += (gapAbove && !out.endsWith(DIGITS[0]!) ? DIGITS[0] : '') + fourDigits(group, false) + GROUPS[g]!;
  }
  return out;
}

/** An amount in NT$ as a receipt writes it: 新臺幣壹仟伍佰元整. */
export function amountInWords(value: number): string {
  return `新臺幣${capitalNumerals(value)}元整`;
}
