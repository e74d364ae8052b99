import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysBetween,
  isCalendarDate,
  periodEnd,
  startOfTaipeiDate,
  taipeiDate,
} from './calendar-date';

describe('calendar dates', () => {
  it('knows real dates from look-alikes', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
    expect(isCalendarDate('yesterday')).toBe(false);
  });

  it('the Taipei date changes at 16:00 UTC', () => {
    expect(taipeiDate(new Date('2026-11-23T15:59:59Z'))).toBe('2026-11-23');
    expect(taipeiDate(new Date('2026-11-23T16:00:00Z'))).toBe('2026-11-24');
    expect(startOfTaipeiDate('2026-11-24').toISOString()).toBe('2026-11-23T16:00:00.000Z');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(addDays('2026-12-31', 90)).toBe('2027-03-31');
    expect(daysBetween('2026-12-31', '2027-03-31')).toBe(90);
    expect(daysBetween('2027-03-31', '2026-12-31')).toBe(-90);
  });

  it('adds months, keeping the last day of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-03-15', -3)).toBe('2025-12-15');
    expect(addMonths('2026-03-15', 24)).toBe('2028-03-15');
  });

  it('ends a period of months the day before the same day, or on the last day of a shorter month', () => {
    expect(periodEnd('2026-03-15', 12)).toBe('2027-03-14');
    expect(periodEnd('2026-01-01', 12)).toBe('2026-12-31');
    expect(periodEnd('2026-03-01', 1)).toBe('2026-03-31');
    // The later month lacks the day: the period runs to that month's end.
    expect(periodEnd('2028-02-29', 24)).toBe('2030-02-28');
    expect(periodEnd('2026-01-31', 1)).toBe('2026-02-28');
    expect(periodEnd('2028-01-31', 1)).toBe('2028-02-29');
    expect(periodEnd('2026-08-31', 6)).toBe('2027-02-28');
  });
});
