import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysBetween,
  fromTaipeiDateTime,
  isCalendarDate,
  periodEnd,
  startOfTaipeiDate,
  taipeiDate,
  taipeiDateTime,
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

  it('reads and shows a Taipei date and time to the minute, as a datetime-local field has it', () => {
    expect(fromTaipeiDateTime('2026-05-01T09:30').toISOString()).toBe('2026-05-01T01:30:00.000Z');
    // Early morning in Taipei is the evening before in UTC.
    expect(fromTaipeiDateTime('2026-01-01T03:00').toISOString()).toBe('2025-12-31T19:00:00.000Z');
    expect(taipeiDateTime(new Date('2025-12-31T19:00:00Z'))).toBe('2026-01-01T03:00');
    expect(taipeiDateTime(fromTaipeiDateTime('2026-12-31T23:59'))).toBe('2026-12-31T23:59');
  });
});
