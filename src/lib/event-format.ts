import type { Locale } from './locales';

const FREE: Record<Locale, string> = { 'zh-tw': '免費', 'en-us': 'Free' };

/**
 * A fee as a reader expects it: "NT$1,500" (in both languages, since `$` alone is ambiguous in
 * Taiwan), or "免費"/"Free" for 0.
 */
export function formatFee(amount: number, locale: Locale): string {
  if (amount === 0) return FREE[locale];
  return new Intl.NumberFormat(locale === 'en-us' ? 'en-US' : 'zh-TW', {
    style: 'currency',
    currency: 'TWD',
    maximumFractionDigits: 0,
  })
    .formatToParts(amount)
    .map((part) => (part.type === 'currency' ? 'NT$' : part.value))
    .join('');
}

/** A file's type and size for a download button: "PDF, 12 KB". */
export function formatFileMeta(fileName: string, contentType: string, size: number): string {
  const extension = /\.([a-z0-9]{1,5})$/i.exec(fileName)?.[1];
  const kind = (extension ?? contentType.split('/').pop() ?? '').toUpperCase();
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = size;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const amount = unit === 0 ? String(value) : value.toFixed(value < 10 ? 1 : 0);
  return `${kind}, ${amount} ${units[unit]}`;
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
  return new Intl.DateTimeFormat(english ? 'en-US' : 'zh-TW', {
    timeZone: 'Asia/Taipei',
    year: 'numeric',
    month: english ? 'short' : '2-digit',
    day: '2-digit',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hour12: english,
  }).formatRange(new Date(start), new Date(end));
}

/** A month's name for headings: "2026年11月" or "November 2026". */
export function formatMonth(year: number, month: number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'en-us' ? 'en-US' : 'zh-TW', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
  }).format(new Date(Date.UTC(year, month - 1, 1)));
}
