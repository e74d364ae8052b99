import { describe, expect, it } from 'vitest';
import { amountInEnglishWords, englishWords } from './english-words';

describe('amounts in English words', () => {
  it.each([
    [0, 'zero'],
    [7, 'seven'],
    [15, 'fifteen'],
    [42, 'forty-two'],
    [300, 'three hundred'],
    [305, 'three hundred and five'],
    [1050, 'one thousand and fifty'],
    [1250, 'one thousand two hundred and fifty'],
    [20000, 'twenty thousand'],
    [1_000_001, 'one million and one'],
    [123_456, 'one hundred and twenty-three thousand four hundred and fifty-six'],
  ])('%i → %s', (n, words) => expect(englishWords(n)).toBe(words));

  it('writes a receipt amount as a sentence would begin', () => {
    expect(amountInEnglishWords(3000)).toBe('Three thousand New Taiwan dollars');
    expect(amountInEnglishWords(1)).toBe('One New Taiwan dollar');
  });

  it('refuses what is not a whole amount', () => {
    expect(() => englishWords(-1)).toThrow(RangeError);
    expect(() => englishWords(1.5)).toThrow(RangeError);
  });
});
