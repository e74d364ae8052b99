import { describe, expect, it } from 'vitest';
import { pauseChoice, quitChoice, replaceChoice, restartChoice } from './flows';
import { type MembershipDates, statusOn } from './terms';
import { member, rules } from './terms.test-support';

const today = '2026-11-25';
const status = (m: MembershipDates) => statusOn(m, today, rules);

const active = member('2026-12-31');
const inGrace = member('2026-10-31');
const lapsed = member('2026-03-31');
const paused = member('2026-06-30', { pausedFrom: '2026-07-01' });
const pausePlanned = member('2026-12-31', { pausedFrom: '2027-01-01' });
const leaving = member('2026-12-31', { lastDay: '2026-12-31' });
const ended = member('2025-12-31', { lastDay: '2026-09-30' });
const life = member(null);

describe('leaving', () => {
  it('ends on a day from today to the end of the paid term, the term end offered first', () => {
    expect(quitChoice(active, status(active), today)).toEqual({
      lastDay: { earliest: today, latest: '2026-12-31', suggested: '2026-12-31' },
    });
  });
  it('ends today for a member whose term is over (in grace, lapsed, paused after the term)', () => {
    for (const m of [inGrace, lapsed, paused])
      expect(quitChoice(m, status(m), today)).toEqual({
        lastDay: { earliest: today, latest: today, suggested: today },
      });
  });
  it('lets a life member choose a day up to a year ahead, today offered first', () => {
    expect(quitChoice(life, status(life), today)).toEqual({
      lastDay: { earliest: today, latest: '2027-11-25', suggested: today },
    });
  });
  it('is refused once leaving or ended', () => {
    expect(quitChoice(leaving, status(leaving), today)).toEqual({ refusal: 'leaving' });
    expect(quitChoice(ended, status(ended), today)).toEqual({ refusal: 'ended' });
  });
});

describe('pausing', () => {
  it('starts the day after the paid term (or from today) and lasts at most the society’s months', () => {
    const choice = pauseChoice(active, status(active), today, 24);
    if ('refusal' in choice) throw new Error('refused');
    expect(choice.from).toEqual({ earliest: today, latest: '2027-01-01', suggested: '2027-01-01' });
    expect(choice.until('2027-01-01')).toEqual({
      earliest: '2027-01-01',
      latest: '2028-12-31',
      suggested: '2027-12-31',
    });
    // A shorter society maximum caps the suggestion too.
    const short = pauseChoice(active, status(active), today, 6);
    if ('refusal' in short) throw new Error('refused');
    expect(short.until('2027-01-01')).toEqual({
      earliest: '2027-01-01',
      latest: '2027-06-30',
      suggested: '2027-06-30',
    });
  });
  it('in grace starts the day after the unpaid term, so no dues are left owed', () => {
    const choice = pauseChoice(inGrace, status(inGrace), today, 24);
    if ('refusal' in choice) throw new Error('refused');
    expect(choice.from).toEqual({ earliest: '2026-11-01', latest: '2026-11-01', suggested: '2026-11-01' });
  });
  it('is refused when paused, pausing, lapsed, leaving, ended or a life member', () => {
    expect(pauseChoice(paused, status(paused), today, 24)).toEqual({ refusal: 'paused' });
    expect(pauseChoice(pausePlanned, status(pausePlanned), today, 24)).toEqual({ refusal: 'paused' });
    expect(pauseChoice(lapsed, status(lapsed), today, 24)).toEqual({ refusal: 'lapsed' });
    expect(pauseChoice(leaving, status(leaving), today, 24)).toEqual({ refusal: 'leaving' });
    expect(pauseChoice(ended, status(ended), today, 24)).toEqual({ refusal: 'ended' });
    expect(pauseChoice(life, status(life), today, 24)).toEqual({ refusal: 'life' });
  });
});

describe('a pause that ran out', () => {
  // Paused from after a term that ended on 2025-06-30, for a year: over since 2026-06-30.
  const over = member('2025-06-30', { pausedFrom: '2025-07-01', pausedUntil: '2026-06-30' });
  it('is paused to its last day, and after it the status follows the term again', () => {
    expect(statusOn(over, '2026-06-30', rules)).toBe('paused');
    expect(statusOn(over, '2026-07-01', rules)).toBe('lapsed');
  });
  it('leaves the member to resume, for a new term', () => {
    expect(restartChoice(over, status(over), today)).toEqual({ newTerm: true });
    expect(pauseChoice(over, status(over), today, 24)).toEqual({ refusal: 'lapsed' });
  });
  it('within the paid term lets the member pause again later', () => {
    const short = member('2026-12-31', { pausedFrom: '2026-10-01', pausedUntil: '2026-10-31' });
    expect(status(short)).toBe('active');
    expect('refusal' in pauseChoice(short, status(short), today, 24)).toBe(false);
  });
});

describe('resuming', () => {
  it('costs a new term when the paid term is over, nothing while it still runs', () => {
    expect(restartChoice(paused, status(paused), today)).toEqual({ newTerm: true });
    expect(restartChoice(lapsed, status(lapsed), today)).toEqual({ newTerm: true });
    // A pause approved but not begun is simply withdrawn.
    expect(restartChoice(pausePlanned, status(pausePlanned), today)).toEqual({ newTerm: false });
    const pausedInTerm = member('2026-12-31', { pausedFrom: '2026-11-01' });
    expect(restartChoice(pausedInTerm, status(pausedInTerm), today)).toEqual({ newTerm: false });
  });
  it('is refused to an active member, one in grace (renew instead), leaving or ended', () => {
    expect(restartChoice(active, status(active), today)).toEqual({ refusal: 'notPaused' });
    expect(restartChoice(inGrace, status(inGrace), today)).toEqual({ refusal: 'inGrace' });
    expect(restartChoice(leaving, status(leaving), today)).toEqual({ refusal: 'leaving' });
    expect(restartChoice(ended, status(ended), today)).toEqual({ refusal: 'ended' });
  });
});

describe('a new certificate', () => {
  it('is for members still in the society', () => {
    for (const m of [active, inGrace, paused, life, leaving]) expect(replaceChoice(status(m))).toEqual({ ok: true });
    expect(replaceChoice(status(lapsed))).toEqual({ refusal: 'lapsed' });
    expect(replaceChoice(status(ended))).toEqual({ refusal: 'ended' });
  });
});
