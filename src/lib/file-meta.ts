import { numberFormat } from './intl';
import type { Locale } from './locales';

/** The kind of a file as a reader names it: PDF, DOCX, PNG … */
export function fileKind(name: string, contentType: string): string {
  if (contentType === 'application/pdf') return 'PDF';
  const extension = /\.([a-z0-9]{1,5})$/i.exec(name)?.[1];
  if (extension) return extension.toUpperCase();
  const subtype = contentType.split('/')[1]?.split(/[+;]/)[0];
  return subtype ? subtype.toUpperCase() : '';
}

/** A file size for people: 820 bytes, 12 KB, 1.2 MB. */
export function fileSize(bytes: number, locale: Locale): string {
  const number = (n: number, digits: number) =>
    numberFormat(locale === 'en-us' ? 'en-US' : 'zh-TW', { maximumFractionDigits: digits }).format(n);
  if (bytes < 1024) return locale === 'en-us' ? `${number(bytes, 0)} bytes` : `${number(bytes, 0)} 位元組`;
  if (bytes < 1024 * 1024) return `${number(Math.max(1, Math.round(bytes / 1024)), 0)} KB`;
  return `${number(bytes / (1024 * 1024), 1)} MB`;
}

/** What a download link says about its file, e.g. "PDF, 1.2 MB". */
export function fileMeta(file: { name: string; contentType: string; size: number }, locale: Locale): string {
  const kind = fileKind(file.name, file.contentType);
  const size = fileSize(file.size, locale);
  return kind ? `${kind}, ${size}` : size;
}
