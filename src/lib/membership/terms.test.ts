import { describe, expect, it } from 'vitest';
import {
  type ClassTerms,
  firstTerm,
  joinFee,
  mayRenew,
  nextTerm,
  pauseStart,
  renewalPeriod,
  statusOn,
  upgradeFee,
} from './terms';
import { member, rules } from './terms.test-support';

const regular: ClassTerms = {
  termKind: 'calendarYear',
  termMonths: null,
  life: false,
  entranceFee: 1000,
  duesPerTerm: 1500,
};
const associate: ClassTerms = { ...regular, entranceFee: 500, duesPerTerm: 800 };
const yearly: ClassTerms = { termKind: 'months', termMonths: 12, life: false, entranceFee: 0, duesPerTerm: 1200 };
const life: ClassTerms = { termKind: 'calendarYear', termMonths: null, life: true, entranceFee: 30000, duesPerTerm: 0 };

describe('terms', () => {
  it('a calendar-year first term ends on 31 December of the year joined', () => {
    expect(firstTerm(regular, '2026-03-15', rules)).toEqual({ start: '2026-03-15', end: '2026-12-31' });
    expect(firstTerm(regular, '2026-09-30', rules)).toEqual({ start: '2026-09-30', end: '2026-12-31' });
  });

  it('joining from the late-join day runs the first term to the end of the next year', () => {
    expect(firstTerm(regular, '2026-10-01', rules)).toEqual({ start: '2026-10-01', end: '2027-12-31' });
    expect(firstTerm(regular, '2026-12-31', rules)).toEqual({ start: '2026-12-31', end: '2027-12-31' });
    expect(firstTerm(regular, '2026-10-01', { ...rules, lateJoinFrom: null })).toEqual({
      start: '2026-10-01',
      end: '2026-12-31',
    });
  });

  it('a months term lasts its months to the day before, or to the end of a shorter month', () => {
    expect(firstTerm(yearly, '2026-03-15', rules)).toEqual({ start: '2026-03-15', end: '2027-03-14' });
    expect(firstTerm({ ...yearly, termMonths: 1 }, '2026-01-31', rules)).toEqual({
      start: '2026-01-31',
      end: '2026-02-28',
    });
    // Born on a leap day: a year runs to the last day of the next February, not a day short.
    expect(firstTerm(yearly, '2028-02-29', rules)).toEqual({ start: '2028-02-29', end: '2029-02-28' });
  });

  it('the next term follows without a gap', () => {
    expect(nextTerm(regular, '2026-12-31')).toEqual({ start: '2027-01-01', end: '2027-12-31' });
    expect(nextTerm(regular, '2027-12-31')).toEqual({ start: '2028-01-01', end: '2028-12-31' });
    expect(nextTerm(yearly, '2027-03-14')).toEqual({ start: '2027-03-15', end: '2028-03-14' });
  });

  it('life membership has no end', () => {
    expect(firstTerm(life, '2026-05-01', rules)).toEqual({ start: '2026-05-01', end: null });
  });

  it('a months class without a length is refused', () => {
    expect(() => firstTerm({ ...yearly, termMonths: null }, '2026-01-01', rules)).toThrow(RangeError);
  });
});

describe('status from dates', () => {
  it('active to the last day of the term, in grace for the grace days, then lapsed', () => {
    const m = member('2026-12-31');
    expect(statusOn(m, '2026-06-01', rules)).toBe('active');
    expect(statusOn(m, '2026-12-31', rules)).toBe('active');
    expect(statusOn(m, '2027-01-01', rules)).toBe('inGrace');
    expect(statusOn(m, '2027-03-31', rules)).toBe('inGrace'); // day 90 after the term
    expect(statusOn(m, '2027-04-01', rules)).toBe('lapsed');
  });

  it('a life member stays active', () => {
    expect(statusOn(member(null), '2090-01-01', rules)).toBe('active');
  });

  it('paused from the pause day; ended after the last day, whatever the term', () => {
    const paused = member('2026-12-31', { pausedFrom: '2027-01-01' });
    expect(statusOn(paused, '2026-12-31', rules)).toBe('active');
    expect(statusOn(paused, '2027-01-01', rules)).toBe('paused');
    expect(statusOn(paused, '2030-01-01', rules)).toBe('paused');
    const quitting = member('2026-12-31', { lastDay: '2026-08-31' });
    expect(statusOn(quitting, '2026-08-31', rules)).toBe('active');
    expect(statusOn(quitting, '2026-09-01', rules)).toBe('ended');
    expect(statusOn({ ...member(null), lastDay: '2026-08-31' }, '2026-09-01', rules)).toBe('ended');
  });
});

describe('renewal window', () => {
  it('opens the renewal window days before the end and closes with grace', () => {
    expect(renewalPeriod('2026-12-31', rules)).toEqual({ opens: '2026-11-01', closes: '2027-03-31' });
  });

  it('may renew inside the window and during grace, not before or after', () => {
    const m = member('2026-12-31');
    expect(mayRenew(m, '2026-10-31', rules)).toBe(false);
    expect(mayRenew(m, '2026-11-01', rules)).toBe(true);
    expect(mayRenew(m, '2027-03-31', rules)).toBe(true);
    expect(mayRenew(m, '2027-04-01', rules)).toBe(false);
  });

  it('never for a life member, a paused one, or one who is quitting', () => {
    expect(mayRenew(member(null), '2026-12-01', rules)).toBe(false);
    expect(mayRenew(member('2026-12-31', { pausedFrom: '2027-01-01' }), '2026-12-01', rules)).toBe(false);
    expect(mayRenew(member('2026-12-31', { lastDay: '2026-12-31' }), '2026-12-01', rules)).toBe(false);
  });
});

describe('fees', () => {
  it('joining costs the entrance fee and the first dues; a life class its one payment', () => {
    expect(joinFee(regular)).toEqual({ entranceFee: 1000, dues: 1500 });
    expect(joinFee(life)).toEqual({ entranceFee: 30000, dues: 0 });
  });

  it('an upgrade costs the difference in dues, never less than nothing', () => {
    expect(upgradeFee(associate, regular)).toBe(700);
    expect(upgradeFee(regular, associate)).toBe(0);
    expect(upgradeFee(regular, life)).toBe(28500);
    expect(upgradeFee(life, regular)).toBe(0);
  });
});

describe('pause start', () => {
  it('an active member pauses from the chosen day, by default after the term', () => {
    const m = member('2026-12-31');
    expect(pauseStart(m, '2026-06-01', null)).toBe('2027-01-01');
    expect(pauseStart(m, '2026-06-01', '2026-07-01')).toBe('2026-07-01');
    expect(pauseStart(m, '2026-06-01', '2026-05-01')).toBe('2026-06-01');
  });

  it('a member in grace pauses from the day after the unpaid term, owing nothing', () => {
    expect(pauseStart(member('2026-12-31'), '2027-02-10', '2027-03-01')).toBe('2027-01-01');
  });
});
