import { describe, expect, it } from 'vitest';
import { formatNumber, parseNumber, sequenceName } from './numbering';

describe('numbers from a society pattern', () => {
  it('fills the year, the class and the padded sequence', () => {
    expect(formatNumber('M{yyyy}-{seq:4}', { year: 2026, seq: 42 })).toBe('M2026-0042');
    expect(formatNumber('{class}-{seq}', { year: 2026, seq: 7, classCode: 'student' })).toBe('student-7');
    expect(formatNumber('A{yyyy}-{seq:6}', { year: 2027, seq: 1234567 })).toBe('A2027-1234567');
  });

  it('counts per year and per class only when the pattern shows them', () => {
    expect(sequenceName('memberNo', 'M{yyyy}-{seq:4}', { year: 2026, classCode: 'regular' })).toBe('memberNo:2026');
    expect(sequenceName('memberNo', '{class}{seq:5}', { year: 2026, classCode: 'regular' })).toBe('memberNo:regular');
    expect(sequenceName('memberNo', 'M{seq:6}', { year: 2026 })).toBe('memberNo');
  });

  it('reads back what a number was made of, or null for a number in another form', () => {
    expect(parseNumber('M{yyyy}-{seq:4}', 'M2019-0042')).toEqual({ year: 2019, classCode: null, seq: 42 });
    expect(parseNumber('M{yyyy}-{seq:4}', 'M2019-12345')).toEqual({ year: 2019, classCode: null, seq: 12345 });
    expect(parseNumber('M{yyyy}-{seq:4}', 'M2019-042')).toBeNull();
    expect(parseNumber('M{yyyy}-{seq:4}', 'A2019-0042')).toBeNull();
    expect(parseNumber('M{yyyy}-{seq:4}', 'OLD-77')).toBeNull();
    expect(parseNumber('{class}-{seq}', 'student-7')).toEqual({ year: null, classCode: 'student', seq: 7 });
    expect(parseNumber('M.{seq:6}', 'M.000123')).toEqual({ year: null, classCode: null, seq: 123 });
    expect(parseNumber('M.{seq:6}', 'MX000123')).toBeNull();
    expect(parseNumber('M{yyyy}', 'M2019')).toBeNull();
    const parsed = parseNumber('M{yyyy}-{seq:4}', formatNumber('M{yyyy}-{seq:4}', { year: 2026, seq: 7 }))!;
    expect(sequenceName('memberNo', 'M{yyyy}-{seq:4}', { year: parsed.year! })).toBe('memberNo:2026');
  });
});
