import { describe, expect, it } from 'vitest';
import { statementAmount, statementDate } from './bank-statement';

describe('a statement’s cells', () => {
  it('reads the dates banks write, and refuses days that do not exist', () => {
    expect(statementDate('2026-11-27')).toBe('2026-11-27');
    expect(statementDate('2026/1/5 13:04:00')).toBe('2026-01-05');
    expect(statementDate('20261127')).toBe('2026-11-27');
    expect(statementDate('115/11/27')).toBe('2026-11-27');
    expect(statementDate('2026年11月27日')).toBe('2026-11-27');
    expect(statementDate('2026-02-30')).toBeNull();
    expect(statementDate('yesterday')).toBeNull();
  });
  it('reads amounts in whole dollars; blank is none', () => {
    expect(statementAmount('1,500')).toBe(1500);
    expect(statementAmount('NT$ 28,500.00')).toBe(28500);
    expect(statementAmount('1500元')).toBe(1500);
    expect(statementAmount('')).toBe(0);
    expect(statementAmount('-300')).toBe(-300);
    expect(statementAmount('15.5')).toBeNull();
    expect(statementAmount('abc')).toBeNull();
  });
});
