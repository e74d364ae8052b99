import type { Locale } from './locales';
import { dateTimeFormat, numberFormat } from './intl';

const TIME_ZONE = 'Asia/Taipei';

/**
 * The clock a time is written with: 12-hour in English, 00:00–23:59 in Chinese. `hourCycle`, not
 * `hour12: false`, which some ICU versions (Node 20's, some browsers') read as 01:00–24:00 and write
 * half past midnight as "24:30" — the day before's end to a reader.
 */
export function clockOf(locale: Locale): Intl.DateTimeFormatOptions {
  return locale === 'en-us' ? { hour12: true } : { hourCycle: 'h23' };
}

/** The reader's date (and time) format in Taipei; the formatter is built once (`intl.ts`). */
function formatter(locale: Locale, withTime: boolean): Intl.DateTimeFormat {
  return dateTimeFormat(locale === 'en-us' ? 'en-US' : 'zh-TW', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: locale === 'en-us' ? 'short' : '2-digit',
    day: '2-digit',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', ...clockOf(locale) } : {}),
  });
}

/** Taipei has kept UTC+8, without summer time, since 1980: from then on the text depends on the Taipei day (or minute) alone. */
const FIXED_OFFSET_SINCE = Date.UTC(1980, 0, 1);
const TAIPEI_OFFSET_MS = 8 * 3_600_000;
/** Texts shown so far, by kind, language and Taipei day or minute: a page shows dozens, and formatting in a time zone is slow. */
const texts = new Map<string, string>();
const MAX_TEXTS = 20_000;

/** The text of a moment, remembered by its Taipei day (or minute): the formatter is only looked up on a miss. */
function remembered(iso: string | Date, locale: Locale, withTime: boolean): string {
  const date = new Date(iso);
  const ms = date.getTime();
  if (!(ms >= FIXED_OFFSET_SINCE)) return formatter(locale, withTime).format(date);
  const unitMs = withTime ? 60_000 : 86_400_000;
  const key = `${withTime ? 't' : 'd'}|${locale}|${Math.floor((ms + TAIPEI_OFFSET_MS) / unitMs)}`;
  let text = texts.get(key);
  if (text === undefined) {
    text = formatter(locale, withTime).format(date);
    if (texts.size < MAX_TEXTS) texts.set(key, text);
  }
  return text;
}

/** A date as the reader expects it, in Taipei time: 2026/11/22 or Nov 22, 2026. */
export function formatDate(iso: string | Date, locale: Locale): string {
  return remembered(iso, locale, false);
}

/** A calendar day (`YYYY-MM-DD`, a Taipei day: a term's end, a transfer's date) as the reader expects it. */
export function formatDay(day: string, locale: Locale): string {
  return remembered(`${day}T00:00:00+08:00`, locale, false);
}

/** Date and time in Taipei: 2026/11/22 09:00 or Nov 22, 2026, 9:00 AM. */
export function formatDateTime(iso: string | Date, locale: Locale): string {
  return remembered(iso, locale, true);
}

/** The machine-readable date for `<time datetime>`. */
export function isoDate(iso: string | Date): string {
  return new Date(iso).toISOString();
}

/** The address of a stored file or image. */
export function fileUrl(fileId: number): string {
  return `/api/amsw1002?fileId=${fileId}`;
}

const POINTS = numberFormat('en-US', { maximumFractionDigits: 1 });

/** Continuing-education points as written in both languages: 12, 1.5, 1,200. */
export function formatPoints(points: number): string {
  return POINTS.format(points);
}

const AMOUNT = numberFormat('en-US', { maximumFractionDigits: 0 });

/** An amount of money in whole New Taiwan dollars, grouped the same in both languages: 1,200. */
export function formatAmount(amount: number): string {
  return AMOUNT.format(amount);
}
