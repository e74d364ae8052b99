import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales';
import { formatAmount, formatDate, formatDateTime, formatPoints } from './format';

/** What the reader would see formatted afresh by Intl, in Taipei time. */
function fresh(date: Date, locale: (typeof LOCALES)[number], time = false): string {
  return new Intl.DateTimeFormat(locale === 'en-us' ? 'en-US' : 'zh-TW', {
    timeZone: 'Asia/Taipei',
    year: 'numeric',
    month: locale === 'en-us' ? 'short' : '2-digit',
    day: '2-digit',
    ...(time
      ? { hour: '2-digit', minute: '2-digit', ...(locale === 'en-us' ? { hour12: true } : { hourCycle: 'h23' }) }
      : {}),
  }).format(date);
}

describe('formatDate and formatDateTime', () => {
  it('shows the Taipei day: 2026/11/22 in Chinese, Nov 22, 2026 in English', () => {
    expect(formatDate('2026-11-22T09:00:00+08:00', 'zh-tw')).toBe('2026/11/22');
    expect(formatDate('2026-11-22T09:00:00+08:00', 'en-us')).toBe('Nov 22, 2026');
    // 23:59 UTC on the 21st is already the 22nd in Taipei; 15:59 UTC is still the 22nd.
    expect(formatDate('2026-11-21T16:00:00Z', 'zh-tw')).toBe('2026/11/22');
    expect(formatDate('2026-11-22T15:59:59Z', 'zh-tw')).toBe('2026/11/22');
    expect(formatDate('2026-11-22T16:00:00Z', 'zh-tw')).toBe('2026/11/23');
  });

  it('writes a time between midnight and 08:00 in Taipei on its Taipei day, from 00:00 (never 24:00)', () => {
    // Without an hour cycle, `hour12: false` reads as 01–24 on some ICU versions: "2027/03/01 24:30".
    expect(formatDateTime('2027-02-28T16:30:00Z', 'zh-tw').replace(/\s/gu, ' ')).toBe('2027/03/01 00:30');
    expect(formatDateTime('2027-02-28T16:00:00Z', 'zh-tw').replace(/\s/gu, ' ')).toBe('2027/03/01 00:00');
    expect(formatDateTime('2027-02-28T16:30:00Z', 'en-us').replace(/\s/gu, ' ')).toBe('Mar 01, 2027, 12:30 AM');
  });

  it('gives what Intl gives for any moment, the same on every call, before and after 1980', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const from = Date.UTC(1970, 0, 1);
    const to = Date.UTC(2100, 0, 1);
    for (let i = 0; i < 600; i++) {
      const date = new Date(from + Math.floor(random() * (to - from)));
      for (const locale of LOCALES) {
        expect(formatDate(date, locale)).toBe(fresh(date, locale));
        expect(formatDate(date.toISOString(), locale)).toBe(fresh(date, locale));
        expect(formatDateTime(date, locale)).toBe(fresh(date, locale, true));
        expect(formatDateTime(new Date(date.getTime() + 59_000), locale)).toBe(
          fresh(new Date(date.getTime() + 59_000), locale, true),
        );
      }
    }
  });

  it('refuses a date that is not one, as Intl does', () => {
    expect(() => formatDate('not a date', 'zh-tw')).toThrow(RangeError);
  });
});

describe('formatPoints', () => {
  it('writes points to one decimal, with thousands grouped', () => {
    expect(formatPoints(12)).toBe('12');
    expect(formatPoints(1.5)).toBe('1.5');
    expect(formatPoints(0.25)).toBe('0.3');
    expect(formatPoints(1200)).toBe('1,200');
  });
});

describe('formatAmount', () => {
  it('writes whole New Taiwan dollars with thousands grouped', () => {
    expect(formatAmount(0)).toBe('0');
    expect(formatAmount(1200)).toBe('1,200');
    expect(formatAmount(30000)).toBe('30,000');
  });
});
