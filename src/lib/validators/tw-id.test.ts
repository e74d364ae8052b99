import { describe, expect, it } from 'vitest';
import {
  isResidentCertificateNumber,
  isTaiwanBusinessNumber,
  isTaiwanNationalId,
  maskPersonId,
  normalizePersonId,
  personIdKind,
} from './tw-id';

/** The one check digit (0–9) that makes `prefix + digit` pass, or all of them if several do. */
const checkDigits = (prefix: string, isValid: (v: string) => boolean): string[] =>
  '0123456789'.split('').filter((d) => isValid(prefix + d));

describe('isTaiwanNationalId', () => {
  it('accepts the well-known sample A123456789', () => {
    // A=10 → 1×1 + 0×9 = 1; 1..8 × 8..1 = 120; 9×1 = 9; total 130.
    expect(isTaiwanNationalId('A123456789')).toBe(true);
  });

  it('uses the official letter table (I, O, W–Z out of order)', () => {
    // Computed by hand / independently from the table: each letter followed by 12345678 and its check digit.
    // prettier-ignore
    const valid = [
      'A123456789', 'B123456780', 'C123456781', 'D123456782', 'E123456783', 'F123456784', 'G123456785',
      'H123456786', 'I123456781', 'J123456787', 'K123456788', 'L123456788', 'M123456789', 'N123456780',
      'O123456782', 'P123456781', 'Q123456782', 'R123456783', 'S123456784', 'T123456785', 'U123456786',
      'V123456787', 'W123456789', 'X123456787', 'Y123456788', 'Z123456780',
      'A234567893', 'I234567895', 'O234567896', 'W234567893', 'X234567891', 'Y234567892', 'Z234567894',
    ];
    for (const id of valid) expect(isTaiwanNationalId(id), id).toBe(true);
  });

  it('has exactly one check digit for every prefix', () => {
    for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
      for (const body of ['1000000', '2987654', '1555555']) {
        expect(checkDigits(letter + body + '0', isTaiwanNationalId), letter + body).toHaveLength(1);
      }
    }
  });

  it('rejects a wrong check digit', () => {
    expect(isTaiwanNationalId('A123456788')).toBe(false);
    expect(isTaiwanNationalId('A123456780')).toBe(false);
    expect(isTaiwanNationalId('I123456787')).toBe(false); // would pass if I were 18 (it is J that is 18)
    expect(isTaiwanNationalId('B123456789')).toBe(false);
  });

  it('rejects a swapped pair of digits', () => {
    expect(isTaiwanNationalId('A123456789')).toBe(true);
    expect(isTaiwanNationalId('A123465789')).toBe(false);
  });

  it('requires 1 or 2 as the sex digit', () => {
    expect(isTaiwanNationalId('A323456789')).toBe(false);
    expect(isTaiwanNationalId('A023456789')).toBe(false);
    expect(isTaiwanNationalId('A800000014')).toBe(false); // a valid resident certificate, not a national ID
  });

  it('rejects other shapes and non-canonical input', () => {
    for (const v of [
      '',
      'A12345678',
      'A1234567890',
      '1123456789',
      'a123456789',
      ' A123456789',
      'A12345678９',
      'AA23456789',
    ]) {
      expect(isTaiwanNationalId(v), v).toBe(false);
    }
  });
});

describe('isResidentCertificateNumber', () => {
  it('accepts new-format numbers (second character 8 or 9)', () => {
    // A=10 → 1; 8×8 = 64; 1×1 = 1; 4×1 = 4; total 70.
    expect(isResidentCertificateNumber('A800000014')).toBe(true);
    expect(isResidentCertificateNumber('B800000015')).toBe(true);
    expect(isResidentCertificateNumber('Z912345674')).toBe(true);
    expect(isResidentCertificateNumber('A800000015')).toBe(false);
    expect(isResidentCertificateNumber('Z912345675')).toBe(false);
  });

  it('accepts old-format numbers (second letter A–D, counted as the last digit of its code)', () => {
    // AC01234567: A → 1,0; C=12 → 2 (×8 = 16); 0,1,2,3,4,5,6 × 7..1 = 56; 7×1 = 7; total 80.
    expect(isResidentCertificateNumber('AC01234567')).toBe(true);
    // FA12345689: F=15 → 1×1 + 5×9 = 46; A=10 → 0; 1,2,3,4,5,6,8 × 7..1 = 85; 9×1 = 9; total 140.
    expect(isResidentCertificateNumber('FA12345689')).toBe(true);
    expect(isResidentCertificateNumber('IA12345677')).toBe(true);
    expect(isResidentCertificateNumber('OB76543214')).toBe(true);
    expect(isResidentCertificateNumber('WC00000003')).toBe(true);
    expect(isResidentCertificateNumber('XD11111115')).toBe(true);
    expect(isResidentCertificateNumber('YA00000008')).toBe(true);
  });

  it('rejects a wrong check digit in the old format', () => {
    expect(isResidentCertificateNumber('AC01234568')).toBe(false);
    expect(isResidentCertificateNumber('FA12345688')).toBe(false);
    // The sex letter matters: same digits with B instead of A.
    expect(isResidentCertificateNumber('YB00000008')).toBe(false);
  });

  it('has exactly one check digit for every prefix in both formats', () => {
    for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
      for (const second of 'ABCD89') {
        expect(checkDigits(letter + second + '1234567', isResidentCertificateNumber), letter + second).toHaveLength(1);
      }
    }
  });

  it('rejects national IDs, other second letters and other shapes', () => {
    for (const v of [
      'A123456789',
      'AE00000003',
      'AZ00000003',
      'A700000014',
      'A80000001',
      'A8000000140',
      'a800000014',
      'ac01234567',
      '',
    ]) {
      expect(isResidentCertificateNumber(v), v).toBe(false);
    }
  });
});

describe('normalizePersonId', () => {
  it('trims, removes spaces and upper-cases', () => {
    expect(normalizePersonId('  a123 456 789 ')).toBe('A123456789');
    expect(normalizePersonId('ac01234567')).toBe('AC01234567');
    expect(normalizePersonId('\tA123456789\n')).toBe('A123456789');
  });

  it('folds full-width characters and spaces typed with a Chinese IME', () => {
    expect(normalizePersonId('ａ１２３４５６７８９')).toBe('A123456789');
    expect(normalizePersonId('Ａ123\u3000456789')).toBe('A123456789');
  });
});

describe('personIdKind', () => {
  it('tells national IDs from resident certificates', () => {
    expect(personIdKind('A123456789')).toBe('nationalId');
    expect(personIdKind('A800000014')).toBe('residentCertificate');
    expect(personIdKind('AC01234567')).toBe('residentCertificate');
  });

  it('returns null for anything invalid', () => {
    expect(personIdKind('A123456788')).toBeNull();
    expect(personIdKind('')).toBeNull();
    expect(personIdKind('a123456789')).toBeNull();
    expect(personIdKind(normalizePersonId('a123456789'))).toBe('nationalId');
  });
});

describe('maskPersonId', () => {
  it('keeps the first 3 and last 2 characters', () => {
    expect(maskPersonId('A123456789')).toBe('A12*****89');
    expect(maskPersonId('AC01234567')).toBe('AC0*****67');
    expect(maskPersonId('ABCDEF')).toBe('ABC*EF');
  });

  it('masks short values entirely', () => {
    expect(maskPersonId('')).toBe('');
    expect(maskPersonId('A1')).toBe('**');
    expect(maskPersonId('A1234')).toBe('*****');
  });
});

describe('isTaiwanBusinessNumber', () => {
  it('accepts valid numbers', () => {
    // 0,4,5,9,5,2,5,7 × 1,2,1,2,1,2,4,1 = 0,8,5,18,5,4,20,7 → 0+8+5+9+5+4+2+7 = 40.
    expect(isTaiwanBusinessNumber('04595257')).toBe(true);
    // TSMC: 2,4,0,18,9,2,12,1 → 2+4+0+9+9+2+3+1 = 30.
    expect(isTaiwanBusinessNumber('22099131')).toBe(true);
  });

  it('accepts sums divisible by 5 but not 10 (rule since 2023)', () => {
    expect(isTaiwanBusinessNumber('04595252')).toBe(true); // 35
    expect(isTaiwanBusinessNumber('10458570')).toBe(true); // 25 (7th digit 7, 28 → 10)
  });

  it('accepts either value for the 7th digit 7 (28 → 10 → 1 or 0)', () => {
    expect(isTaiwanBusinessNumber('10458575')).toBe(true); // 30 counting 0
    expect(isTaiwanBusinessNumber('10458574')).toBe(true); // 29, or 30 counting 1
    expect(isTaiwanBusinessNumber('10458579')).toBe(true); // 34, or 35 counting 1
  });

  it('rejects wrong checksums', () => {
    expect(isTaiwanBusinessNumber('04595250')).toBe(false); // 33
    expect(isTaiwanBusinessNumber('04595253')).toBe(false); // 36
    expect(isTaiwanBusinessNumber('12345678')).toBe(false); // 42
    expect(isTaiwanBusinessNumber('10458573')).toBe(false); // 28 / 29
    expect(isTaiwanBusinessNumber('10458572')).toBe(false); // 27 / 28
    expect(isTaiwanBusinessNumber('22099132')).toBe(false); // 31
  });

  it('the alternative value only applies when the 7th digit is 7', () => {
    // 1,0,4,5,8,5,6,4 → 1+0+4+1+8+1+(24 → 6)+4 = 25 valid; ending 3 → 24, and 24 + 1 = 25 must not help.
    expect(isTaiwanBusinessNumber('10458564')).toBe(true);
    expect(isTaiwanBusinessNumber('10458563')).toBe(false);
  });

  it('has two check digits per prefix (one with the 7th-digit-7 alternative on top)', () => {
    expect(checkDigits('2209913', isTaiwanBusinessNumber)).toEqual(['1', '6']);
    expect(checkDigits('1045857', isTaiwanBusinessNumber)).toEqual(['0', '4', '5', '9']);
  });

  it('rejects other shapes', () => {
    for (const v of ['', '0459525', '045952570', '0459525a', ' 04595257', '04595-257', '０４５９５２５７']) {
      expect(isTaiwanBusinessNumber(v), v).toBe(false);
    }
  });
});
