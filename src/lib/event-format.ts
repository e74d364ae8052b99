import type { Locale } from './locales';
import { dateTimeFormat, numberFormat } from './intl';
import { clockOf } from './format';

const FREE: Record<Locale, string> = { 'zh-tw': '免費', 'en-us': 'Free' };

/**
 * A fee as a reader expects it: "NT$1,500" (in both languages, since `$` alone is ambiguous in
 * Taiwan), or "免費"/"Free" for 0.
 */
export function formatFee(amount: number, locale: Locale): string {
  if (amount === 0) return FREE[locale];
  return numberFormat(locale === 'en-us' ? 'en-US' : 'zh-TW', {
    style: 'currency',
    currency: 'TWD',
    maximumFractionDigits: 0,
  })
    .formatToParts(amount)
    .map((part) => (part.type === 'currency' ? 'NT$' : part.value))
    .join('');
}

/** The credit points an event offers in all, or null when it offers none. */
export function creditsTotal(credits: readonly { points: number }[]): number | null {
  return credits.length ? credits.reduce((sum, c) => sum + c.points, 0) : null;
}

/**
 * When an event happens, in Taipei time: "2026/11/22（週日） 09:00 – 17:00" or
 * "Sun, Nov 22, 2026, 9:00 AM – 5:00 PM"; a multi-day event names both days.
 */
export function formatEventRange(start: string | Date, end: string | Date, locale: Locale): string {
  const english = locale === 'en-us';
  return dateTimeFormat(english ? 'en-US' : 'zh-TW', {
    timeZone: 'Asia/Taipei',
    year: 'numeric',
    month: english ? 'short' : '2-digit',
    day: '2-digit',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    ...clockOf(locale),
  }).formatRange(new Date(start), new Date(end));
}

/** A month's name for headings: "2026年11月" or "November 2026". */
export function formatMonth(year: number, month: number, locale: Locale): string {
  return dateTimeFormat(locale === 'en-us' ? 'en-US' : 'zh-TW', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
  }).format(new Date(Date.UTC(year, month - 1, 1)));
}
