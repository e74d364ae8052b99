import { describe, expect, it } from 'vitest';
import { csvLine, formatPoints, guardCell, parseDate, parsePoints, unguardCell } from './cells';

describe('import cells', () => {
  it('reads dates as YYYY-MM-DD (or with / or .), real days only', () => {
    expect(parseDate('2026-01-31')).toBe('2026-01-31');
    expect(parseDate(' 2026/1/5 ')).toBe('2026-01-05');
    expect(parseDate('2026.12.31')).toBe('2026-12-31');
    expect(parseDate('2026-02-30')).toBeNull();
    expect(parseDate('115/01/01')).toBeNull();
    expect(parseDate('31/01/2026')).toBeNull();
    expect(parseDate('')).toBeNull();
  });

  it('reads points with at most one decimal, in tenths', () => {
    expect(parsePoints('2')).toBe(20);
    expect(parsePoints('1.5')).toBe(15);
    expect(parsePoints('1.50')).toBe(15);
    expect(parsePoints('０.５')).toBe(5);
    expect(parsePoints('999.9')).toBe(9999);
    for (const bad of ['0', '0.0', '1.25', '1000', '-1', 'abc', '1.', '1,5', ''])
      expect(parsePoints(bad), bad).toBeNull();
    expect(formatPoints(15)).toBe('1.5');
    expect(formatPoints(20)).toBe('2');
  });

  it('guards cells a spreadsheet would run as formulas, and reads them back', () => {
    for (const value of ['=1+1', '+886 912 345 678', '-3', '@SUM(A1)', 'plain', "'quoted", ''])
      expect(unguardCell(guardCell(value))).toBe(value);
    expect(guardCell('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(csvLine(['a', 'b,c', 'say "hi"', '=1', ' pad', '林美玲'])).toBe(
      'a,"b,c","say ""hi""",\'=1," pad",林美玲\r\n',
    );
  });
});
