import { describe, expect, it } from 'vitest';
import { formatNumber, sequenceName } from './numbering';

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
});
