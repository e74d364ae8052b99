import type { Locale } from './locales';
import { dateTimeFormat } from './intl';

const TIME_ZONE = 'Asia/Taipei';

/** A date as the reader expects it, in Taipei time: 2026/11/22 or Nov 22, 2026. */
export function formatDate(iso: string | Date, locale: Locale): string {
  return dateTimeFormat(locale === 'en-us' ? 'en-US' : 'zh-TW', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: locale === 'en-us' ? 'short' : '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

/** Date and time in Taipei: 2026/11/22 09:00 or Nov 22, 2026, 9:00 AM. */
export function formatDateTime(iso: string | Date, locale: Locale): string {
  return dateTimeFormat(locale === 'en-us' ? 'en-US' : 'zh-TW', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: locale === 'en-us' ? 'short' : '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: locale === 'en-us',
  }).format(new Date(iso));
}

/** The machine-readable date for `<time datetime>`. */
export function isoDate(iso: string | Date): string {
  return new Date(iso).toISOString();
}

/** The address of a stored file or image. */
export function fileUrl(fileId: number): string {
  return `/api/amsw1002?fileId=${fileId}`;
}
