import { describe, expect, it } from 'vitest';
import { refundOf, refundPercent } from './refund';

/** A Taipei day and time as a moment. */
const at = (value: string) => new Date(`${value}:00+08:00`);

describe('the refund rule applied', () => {
  const rule = {
    steps: [
      { daysBefore: 7, percent: 50 },
      { daysBefore: 30, percent: 90 },
      { daysBefore: 14, percent: 70 },
    ],
  };
  const startsAt = at('2026-12-24T09:00');
  const until = at('2026-12-20T00:00');

  it('gives the percent of the step with the most days before that the Taipei days still meet', () => {
    expect(refundPercent(rule, '2026-11-24', '2026-12-24', true)).toBe(90);
    expect(refundPercent(rule, '2026-11-25', '2026-12-24', true)).toBe(70);
    expect(refundPercent(rule, '2026-12-10', '2026-12-24', true)).toBe(70);
    expect(refundPercent(rule, '2026-12-11', '2026-12-24', true)).toBe(50);
    expect(refundPercent(rule, '2026-12-17', '2026-12-24', true)).toBe(50);
    expect(refundPercent(rule, '2026-12-18', '2026-12-24', true)).toBe(0);
    expect(refundPercent(rule, '2026-12-25', '2026-12-24', false)).toBe(0);
  });

  it('counts Taipei days: late evening in Taipei is already the next day in Taipei, not in UTC', () => {
    // 2026-12-10 23:30 in Taipei is 15:30 UTC the same day; 2026-12-11 00:30 in Taipei is still the 10th in UTC.
    expect(refundOf(1000, rule, at('2026-12-10T23:30'), startsAt, until)).toBe(700);
    expect(refundOf(1000, rule, at('2026-12-11T00:30'), startsAt, until)).toBe(500);
  });

  it('rounds down to whole NT$', () => {
    expect(refundOf(999, rule, at('2026-12-01T10:00'), startsAt, until)).toBe(699);
    expect(refundOf(1, rule, at('2026-12-15T10:00'), startsAt, until)).toBe(0);
    expect(refundOf(1255, { steps: [{ daysBefore: 0, percent: 33 }] }, at('2026-12-23T10:00'), startsAt, until)).toBe(
      414,
    );
  });

  it('gives nothing when no step is met, and the step of 0 days on the event’s first day', () => {
    expect(refundOf(1200, rule, at('2026-12-19T10:00'), startsAt, until)).toBe(0);
    const sameDay = { steps: [{ daysBefore: 0, percent: 20 }] };
    expect(refundOf(1200, sameDay, at('2026-12-24T08:00'), startsAt, startsAt)).toBe(240);
    expect(refundOf(1200, sameDay, at('2026-12-25T08:00'), startsAt, startsAt)).toBe(0);
  });

  it('refunds all of a rule without steps until the cancellation deadline, nothing after', () => {
    const none = { steps: [] };
    expect(refundOf(1200, none, at('2026-12-19T23:59'), startsAt, until)).toBe(1200);
    expect(refundOf(1200, none, at('2026-12-20T00:00'), startsAt, until)).toBe(0);
    expect(refundOf(0, none, at('2026-12-01T10:00'), startsAt, until)).toBe(0);
  });
});
