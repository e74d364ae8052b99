import { describe, expect, it } from 'vitest';
import { isPhoneNumber, isTaiwanMobile, normalizeTaiwanMobile } from './phone';

describe('isTaiwanMobile', () => {
  it('accepts national 09 numbers, with or without separators', () => {
    for (const v of ['0912345678', '0912-345-678', '0912 345 678', '0912.345.678', '09-1234-5678', ' 0987654321 ']) {
      expect(isTaiwanMobile(v), v).toBe(true);
    }
  });

  it('accepts +886 9 numbers, with or without separators', () => {
    for (const v of ['+886912345678', '+886 912 345 678', '+886-912-345-678', '+886 912345678', '+886-9-1234-5678']) {
      expect(isTaiwanMobile(v), v).toBe(true);
    }
  });

  it('rejects landlines, wrong lengths and malformed numbers', () => {
    for (const v of [
      '',
      '0212345678',
      '091234567',
      '09123456789',
      '912345678',
      '0812345678',
      '+886 0912 345 678',
      '886912345678',
      '00886912345678',
      '+8869123456789',
      '+886 212345678',
      '0912--345678',
      '(09)12345678',
      '0912-345-67a',
      '０９１２３４５６７８',
      '-0912345678',
    ]) {
      expect(isTaiwanMobile(v), v).toBe(false);
    }
  });
});

describe('normalizeTaiwanMobile', () => {
  it('returns the national form', () => {
    expect(normalizeTaiwanMobile('0912-345-678')).toBe('0912345678');
    expect(normalizeTaiwanMobile('+886 912 345 678')).toBe('0912345678');
    expect(normalizeTaiwanMobile(' 0912345678 ')).toBe('0912345678');
  });

  it('returns null for anything else', () => {
    expect(normalizeTaiwanMobile('02-2345-6789')).toBeNull();
    expect(normalizeTaiwanMobile('+886 0912 345 678')).toBeNull();
  });
});

describe('isPhoneNumber', () => {
  it('accepts common ways of writing phone numbers', () => {
    for (const v of [
      '02-2345-6789',
      '(02) 2345-6789',
      '(02)23456789',
      '+886-2-2345-6789',
      '+886 (2) 2345 6789',
      '0912345678',
      '+1 (415) 555-0100',
      '02-2345-6789#123',
      '(02) 2345-6789 #123',
      '02 2345 6789 # 12',
      '123456',
      '12345678901234567890',
      ' 02-2345-6789 ',
    ]) {
      expect(isPhoneNumber(v), v).toBe(true);
    }
  });

  it('requires 6 to 20 digits before the extension', () => {
    expect(isPhoneNumber('12345')).toBe(false);
    expect(isPhoneNumber('123456789012345678901')).toBe(false);
    expect(isPhoneNumber('12#3456')).toBe(false);
    expect(isPhoneNumber('(  )--')).toBe(false);
  });

  it('allows an extension of 1 to 10 digits after #', () => {
    expect(isPhoneNumber('02-2345-6789#1234567890')).toBe(true);
    expect(isPhoneNumber('02-2345-6789#12345678901')).toBe(false);
    expect(isPhoneNumber('02-2345-6789#')).toBe(false);
    expect(isPhoneNumber('02-2345-6789#12#3')).toBe(false);
    expect(isPhoneNumber('02-2345-6789#1-2')).toBe(false);
  });

  it('rejects letters, misplaced + and other characters', () => {
    for (const v of [
      '',
      'abc-defg',
      '02-2345-6789 ext 12',
      '02-2345+6789',
      '++886223456789',
      '02.2345.6789',
      '02/23456789',
      '０２２３４５６７８９',
    ]) {
      expect(isPhoneNumber(v), v).toBe(false);
    }
  });
});
