import { describe, expect, it } from 'vitest';
import { amountInWords, capitalNumerals } from './capital-numerals';

describe('capitalNumerals', () => {
  it.each([
    [0, '零'],
    [1, '壹'],
    [10, '壹拾'],
    [11, '壹拾壹'],
    [20, '貳拾'],
    [101, '壹佰零壹'],
    [110, '壹佰壹拾'],
    [300, '參佰'],
    [1000, '壹仟'],
    [1001, '壹仟零壹'],
    [1010, '壹仟零壹拾'],
    [1500, '壹仟伍佰'],
    [2020, '貳仟零貳拾'],
    [9999, '玖仟玖佰玖拾玖'],
    [10000, '壹萬'],
    [10001, '壹萬零壹'],
    [10010, '壹萬零壹拾'],
    [10100, '壹萬零壹佰'],
    [11000, '壹萬壹仟'],
    [15000, '壹萬伍仟'],
    [100000, '壹拾萬'],
    [100001, '壹拾萬零壹'],
    [120000, '壹拾貳萬'],
    [1000000, '壹佰萬'],
    [12345678, '壹仟貳佰參拾肆萬伍仟陸佰柒拾捌'],
    [100000000, '壹億'],
    [100000001, '壹億零壹'],
    [100010000, '壹億零壹萬'],
    [1001000000, '壹拾億零壹佰萬'],
  ])('%i → %s', (value, words) => {
    expect(capitalNumerals(value)).toBe(words);
  });

  it('refuses what is not a whole amount', () => {
    expect(() => capitalNumerals(-1)).toThrow(RangeError);
    expect(() => capitalNumerals(1.5)).toThrow(RangeError);
  });
});

describe('amountInWords', () => {
  it('writes the amount as a receipt does', () => {
    expect(amountInWords(1500)).toBe('新臺幣壹仟伍佰元整');
    expect(amountInWords(300)).toBe('新臺幣參佰元整');
  });
});
