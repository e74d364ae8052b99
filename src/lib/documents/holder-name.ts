/**
 * A document holder's name as the public verification page shows it: enough to match it against
 * the paper in hand, not enough to learn the name. A Chinese name keeps its first and last
 * characters with ○ between (王○明, 歐○○明; two characters: 王○); a name in Latin letters keeps each
 * word's first letter (Wang Hsiao-Ming → W*** H*********).
 */
export function maskHolderName(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (/[\u3400-\u9fff\uf900-\ufaff\u{20000}-\u{3134f}]/u.test(trimmed)) {
    const chars = Array.from(trimmed.replace(/\s/g, ''));
    if (chars.length <= 1) return '○';
    if (chars.length === 2) return `${chars[0]}○`;
    return chars[0] + '○'.repeat(chars.length - 2) + chars[chars.length - 1];
  }
  return trimmed
    .split(' ')
    .filter(Boolean)
    .map((word) => {
      const chars = Array.from(word);
      return chars[0] + '*'.repeat(chars.length - 1);
    })
    .join(' ');
}
