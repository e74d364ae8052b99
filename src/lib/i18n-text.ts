import { DEFAULT_LOCALE, type Locale } from './locales';

/** Text the public reads, stored per language; zh-tw is always present. */
export type I18nText = { 'zh-tw': string } & Partial<Record<Locale, string>>;

/** Picks the reader's language, falling back to zh-tw. */
export function pickText(text: I18nText | null | undefined, locale: Locale): string {
  if (!text) return '';
  const value = text[locale];
  return value && value.trim() !== '' ? value : (text[DEFAULT_LOCALE] ?? '');
}

/**
 * A name kept as a Chinese name and an optional English one (a person, an organisation): the
 * English name on English pages and documents where there is one, else the Chinese name.
 */
export function localName(names: { zh?: string | null; en?: string | null }, locale: Locale): string {
  const zh = names.zh?.trim() ?? '';
  const en = names.en?.trim() ?? '';
  // Whichever was given when only one was (people from abroad may have no Chinese name).
  return locale === 'en-us' ? en || zh : zh || en;
}

/** Cuts a description to `max` characters (spec §9: 100), counting characters, not UTF-16 units. */
export function truncate(text: string, max = 100): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max).join('')}…`;
}
