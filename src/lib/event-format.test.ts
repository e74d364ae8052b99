import { describe, expect, it } from 'vitest';
import { creditsTotal, formatEventRange, formatFee, formatMonth } from './event-format';

describe('formatFee', () => {
  it('says free for 0 in the reader’s language', () => {
    expect(formatFee(0, 'zh-tw')).toBe('免費');
    expect(formatFee(0, 'en-us')).toBe('Free');
  });

  it('writes New Taiwan dollars with NT$ and thousands separators in both languages', () => {
    expect(formatFee(1500, 'en-us')).toBe('NT$1,500');
    expect(formatFee(1500, 'zh-tw')).toBe('NT$1,500');
    expect(formatFee(500, 'zh-tw')).toBe('NT$500');
  });
});

describe('creditsTotal', () => {
  it('adds the points, or answers null when none are offered', () => {
    expect(creditsTotal([{ points: 6 }, { points: 2 }])).toBe(8);
    expect(creditsTotal([])).toBeNull();
  });
});

/** Intl uses narrow and thin spaces; the reader sees spaces. */
const plain = (s: string) => s.replace(/\s/g, ' ');

describe('formatEventRange', () => {
  it('shows a one-day event once with its start and end time, in Taipei time', () => {
    const start = '2026-11-22T01:00:00Z';
    const end = '2026-11-22T09:00:00Z';
    expect(plain(formatEventRange(start, end, 'zh-tw'))).toBe('2026/11/22（週日） 09:00 – 17:00');
    expect(plain(formatEventRange(start, end, 'en-us'))).toBe('Sun, Nov 22, 2026, 9:00 AM – 5:00 PM');
  });

  it('names both days of a multi-day event', () => {
    expect(plain(formatEventRange('2026-11-22T01:00:00Z', '2026-11-24T09:00:00Z', 'zh-tw'))).toBe(
      '2026/11/22（週日） 09:00 – 2026/11/24（週二） 17:00',
    );
  });
});

describe('formatMonth', () => {
  it('names a month in each language', () => {
    expect(formatMonth(2026, 11, 'zh-tw')).toBe('2026年11月');
    expect(formatMonth(2026, 11, 'en-us')).toBe('November 2026');
  });
});
