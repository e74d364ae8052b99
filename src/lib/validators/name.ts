import { localName } from '../i18n-text';

/**
 * Masks a person's name for display (spec: "Masked names keep first and last characters").
 *
 * The name is trimmed and runs of whitespace are collapsed; then the first and last characters are
 * kept and every character between them becomes one `*`, spaces and hyphens included, so the masked
 * form does not reveal how the name splits into words: 'Lin Mei-Ling' → 'L**********g'.
 * Two characters keep only the first ('王明' → '王*'); one character is shown as is.
 * Characters are Unicode code points, so rare CJK characters outside the BMP (e.g. 𠀋) count as one.
 */
export function maskName(name: string): string {
  const chars = Array.from(name.trim().replace(/\s+/g, ' '));
  if (chars.length <= 1) return chars.join('');
  const first = chars[0] ?? '';
  if (chars.length === 2) return `${first}*`;
  return first + '*'.repeat(chars.length - 2) + (chars[chars.length - 1] ?? '');
}

/**
 * The name to call a person by in a language: in English their name in Latin letters where they
 * gave one, otherwise their Chinese name; and whichever of the two they gave when they gave only
 * one (people from abroad may have no Chinese name).
 */
export function personName(
  names: { nameZh: string | null | undefined; nameEn: string | null | undefined },
  locale: 'zh-tw' | 'en-us',
): string {
  return localName({ zh: names.nameZh, en: names.nameEn }, locale);
}

/** A name's words for comparing: full-width forms folded (NFKC), lower case, split at spaces and punctuation. */
function nameWords(name: string): string[] {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .split(/[\s\-‐‑–—.,·・‧'’]+/u)
    .filter((word) => word !== '');
}

/**
 * Whether a name as someone wrote it (a roster line) is the account's Chinese or English name:
 * trimmed, spaces ignored (`林 美玲`, `Lin MeiLing`), English case-insensitive, full-width letters
 * as their plain forms, hyphens and dots between the parts ignored, and the parts of a name in
 * either order (`Mei-Ling Lin`). An empty name matches nothing.
 */
export function sameName(written: string, names: readonly (string | null | undefined)[]): boolean {
  const words = nameWords(written);
  if (words.length === 0) return false;
  const joined = words.join('');
  const sorted = [...words].sort().join(' ');
  return names.some((name) => {
    const own = nameWords(name ?? '');
    return own.length > 0 && (own.join('') === joined || [...own].sort().join(' ') === sorted);
  });
}
