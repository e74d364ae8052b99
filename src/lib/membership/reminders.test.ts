import { describe, expect, it } from 'vitest';
import { dueReminder, remindersFor, type ReminderSchedule } from './reminders';

const schedule: ReminderSchedule = { remindBeforeDays: [30, 7], remindInGraceDays: [14, 60], graceDays: 90 };
const kindOn = (termEnd: string, today: string, s = schedule) => dueReminder(termEnd, today, s)?.kind ?? null;

describe('renewal reminders', () => {
  it('schedules the days before the end and into grace, in order', () => {
    expect(remindersFor('2026-12-31', schedule)).toEqual([
      { kind: 'before30', phase: 'before', on: '2026-12-01' },
      { kind: 'before7', phase: 'before', on: '2026-12-24' },
      { kind: 'grace14', phase: 'grace', on: '2027-01-14' },
      { kind: 'grace60', phase: 'grace', on: '2027-03-01' },
    ]);
  });

  it('is due from its exact day, not the day before', () => {
    expect(kindOn('2026-12-31', '2026-11-30')).toBeNull();
    expect(kindOn('2026-12-31', '2026-12-01')).toBe('before30');
    expect(kindOn('2026-12-31', '2026-12-23')).toBe('before30');
    expect(kindOn('2026-12-31', '2026-12-24')).toBe('before7');
    expect(kindOn('2027-01-13', '2027-01-13')).toBe('before7');
    expect(kindOn('2026-12-31', '2027-01-13')).toBeNull();
    expect(kindOn('2026-12-31', '2027-01-14')).toBe('grace14');
    expect(kindOn('2026-12-31', '2027-02-28')).toBe('grace14');
    expect(kindOn('2026-12-31', '2027-03-01')).toBe('grace60');
  });

  it('sends only the most recent one after missed days', () => {
    // Down from before the first reminder until after the second: only the second.
    expect(kindOn('2026-12-31', '2026-12-28')).toBe('before7');
    // Down across the term's end: no "before" reminder once the term has ended.
    expect(kindOn('2026-12-31', '2027-01-05')).toBeNull();
    // Down through both grace reminders: only the later one.
    expect(kindOn('2026-12-31', '2027-03-20')).toBe('grace60');
  });

  it('stops on the last day of grace', () => {
    // 90 days of grace after 2026-12-31: the last is 2027-03-31.
    expect(kindOn('2026-12-31', '2027-03-31')).toBe('grace60');
    expect(kindOn('2026-12-31', '2027-04-01')).toBeNull();
    // A grace reminder later than grace itself is never sent.
    expect(remindersFor('2026-12-31', { ...schedule, graceDays: 30 }).map((r) => r.kind)).toEqual([
      'before30',
      'before7',
      'grace14',
    ]);
    expect(kindOn('2026-12-31', '2027-01-30', { ...schedule, graceDays: 30 })).toBe('grace14');
    expect(kindOn('2026-12-31', '2027-01-31', { ...schedule, graceDays: 30 })).toBeNull();
  });

  it('counts days across leap years', () => {
    // A term ending on 29 February 2028: 30 days before is 30 January, 14 into grace 14 March.
    expect(remindersFor('2028-02-29', schedule).map((r) => r.on)).toEqual([
      '2028-01-30',
      '2028-02-22',
      '2028-03-14',
      '2028-04-29',
    ]);
    expect(kindOn('2028-03-31', '2028-03-01')).toBe('before30');
    expect(kindOn('2028-03-31', '2028-02-29')).toBeNull();
    expect(kindOn('2027-03-31', '2027-03-01')).toBe('before30');
  });

  it('takes a reminder on the last day, and ignores nonsense days', () => {
    const odd: ReminderSchedule = { remindBeforeDays: [0, -3, 1.5], remindInGraceDays: [0], graceDays: 90 };
    expect(remindersFor('2026-12-31', odd).map((r) => r.kind)).toEqual(['before0']);
    expect(kindOn('2026-12-31', '2026-12-31', odd)).toBe('before0');
    expect(kindOn('2026-12-31', '2026-12-30', odd)).toBeNull();
  });
});
