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
