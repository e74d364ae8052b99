import { describe, expect, it } from 'vitest';
import { formatVerifyCode, parseVerifyCode, VERIFY_ALPHABET } from './verify-code';

describe('verification codes', () => {
  it('has no characters that are easily confused', () => {
    for (const c of '0O1IL5S2Z8BUV') expect(VERIFY_ALPHABET).not.toContain(c);
    expect(new Set(VERIFY_ALPHABET).size).toBe(VERIFY_ALPHABET.length);
  });

  it('prints in two groups and reads back with or without the hyphen, in either case', () => {
    expect(formatVerifyCode('K7QXMR4WTD')).toBe('K7QXM-R4WTD');
    expect(parseVerifyCode('K7QXM-R4WTD')).toBe('K7QXMR4WTD');
    expect(parseVerifyCode(' k7qxmr4wtd ')).toBe('K7QXMR4WTD');
  });

  it('refuses what cannot be a code', () => {
    expect(parseVerifyCode('K7QXMR4WT')).toBeNull();
    expect(parseVerifyCode('K7QXMR4WTDD')).toBeNull();
    expect(parseVerifyCode('K7QXMR4WT0')).toBeNull();
    expect(parseVerifyCode('../../etc')).toBeNull();
  });
});
