import type { Locale } from './locales';

/** A file size as a reader expects it: 820 B, 1.4 KB, 2.3 MB (binary units, one decimal). */
export function formatFileSize(bytes: number, locale: Locale): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(locale === 'en-us' ? 'en-US' : 'zh-TW', {
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
  return `${number} ${units[unit]}`;
}
