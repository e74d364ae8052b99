/** Whole numbers in English words, as an English receipt writes its amount beside the capital numerals. */
const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion'];

/** 0–999 in words: 305 → three hundred and five. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const restWords = rest < 20 ? ONES[rest]! : TENS[Math.floor(rest / 10)]! + (rest % 10 ? `-${ONES[rest % 10]!}` : '');
  if (!hundreds) return restWords;
  return `${ONES[hundreds]!} hundred${rest ? ` and ${restWords}` : ''}`;
}

/** A whole number in English words: 3000 → three thousand, 1250 → one thousand two hundred and fifty. */
export function englishWords(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a whole amount: ${value}`);
  if (value === 0) return ONES[0]!;
  const groups: number[] = [];
  for (let n = value; n > 0; n = Math.floor(n / 1000)) groups.push(n % 1000);
  if (groups.length > SCALES.length) throw new RangeError(`amount too large: ${value}`);
  const words: string[] = [];
  for (let g = groups.length - 1; g >= 0; g--) {
    const group = groups[g]!;
    if (!group) continue;
    // British usage: "and" before a last group below one hundred (one thousand and fifty).
    const and = g === 0 && group < 100 && words.length ? 'and ' : '';
    words.push(`${and}${belowThousand(group)}${SCALES[g] ? ` ${SCALES[g]!}` : ''}`);
  }
  return words.join(' ');
}

/** An amount in NT$ in English words, capitalised: 3000 → Three thousand New Taiwan dollars. */
export function amountInEnglishWords(value: number): string {
  const words = englishWords(value);
  return `${words[0]!.toUpperCase()}${words.slice(1)} New Taiwan dollar${value === 1 ? '' : 's'}`;
}
