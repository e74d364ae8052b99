import { describe, expect, it } from 'vitest';
import { monthOf, monthsAhead, reportMonths } from './months';

describe('report months', () => {
  it('counts back from the month under way, which is read as of today', () => {
    const months = reportMonths('2026-03-15', 3);
    expect(months).toEqual([
      { month: '2026-01', first: '2026-01-01', last: '2026-01-31', asOf: '2026-01-31' },
      { month: '2026-02', first: '2026-02-01', last: '2026-02-28', asOf: '2026-02-28' },
      { month: '2026-03', first: '2026-03-01', last: '2026-03-31', asOf: '2026-03-15' },
    ]);
  });

  it('crosses years and leap days', () => {
    const months = reportMonths('2028-02-29', 14);
    expect(months).toHaveLength(14);
    expect(months[0]).toMatchObject({ month: '2027-01', first: '2027-01-01', last: '2027-01-31' });
    expect(months.at(-1)).toMatchObject({ month: '2028-02', last: '2028-02-29', asOf: '2028-02-29' });
    expect(monthOf('2027-12-31')).toBe('2027-12');
  });

  it('looks ahead from the month under way', () => {
    const ahead = monthsAhead('2026-11-20', 3);
    expect(ahead.map((m) => m.month)).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(ahead[0]).toMatchObject({ first: '2026-11-01', last: '2026-11-30', asOf: '2026-11-30' });
  });
});
