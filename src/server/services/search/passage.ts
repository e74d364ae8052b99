/** A passage's length in characters, and how many come before its first match. */
const PASSAGE_CHARS = 140;
const PASSAGE_LEAD = 30;
/** A letter or digit of a word that is not Han (Han characters stand alone), and the longest word kept whole. */
const WORD_CHAR = /^(?!\p{Script=Han})[\p{L}\p{N}]$/u;
const MAX_WORD = 24;

export interface Part {
  text: string;
  mark: boolean;
}

/** Text cut into plain and matched parts by ranges. */
export function segments(text: string, ranges: Array<[number, number]>): Part[] {
  const parts: Part[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push({ text: text.slice(at, start), mark: false });
    if (end > start) parts.push({ text: text.slice(start, end), mark: true });
    at = Math.max(at, end);
  }
  if (at < text.length) parts.push({ text: text.slice(at), mark: false });
  return parts;
}

/**
 * Some words of `text` around its first match (or its opening), cut into parts, on whole
 * characters; `ranges` are where the query matches it (`queryMatcher`).
 */
export function passage(text: string, ranges: Array<[number, number]>): Part[] {
  const chars = Array.from(text);
  // Character (code point) index of the first match.
  const firstUnit = ranges[0]?.[0] ?? 0;
  const firstChar = Array.from(text.slice(0, firstUnit)).length;
  let startChar = Math.max(0, Math.min(firstChar - PASSAGE_LEAD, chars.length - PASSAGE_CHARS));
  let endChar = Math.min(chars.length, startChar + PASSAGE_CHARS);
  // Never a word cut in two at either end (a Han character is a whole word here): the start moves
  // on to the next word (never past the match), the end back to the last whole one, spaces dropped.
  const inWord = (at: number) =>
    at > 0 && at < chars.length && WORD_CHAR.test(chars[at - 1]!) && WORD_CHAR.test(chars[at]!);
  for (let moved = 0; startChar < firstChar && moved < MAX_WORD && inWord(startChar); moved++) startChar++;
  while (startChar > 0 && startChar < firstChar && /\s/.test(chars[startChar]!)) startChar++;
  for (let moved = 0; endChar > firstChar + 1 && moved < MAX_WORD && inWord(endChar); moved++) endChar--;
  while (endChar < chars.length && endChar > startChar && /\s/.test(chars[endChar - 1]!)) endChar--;
  const start = chars.slice(0, startChar).join('').length;
  const end = start + chars.slice(startChar, endChar).join('').length;
  const cut = text.slice(start, end);
  const inside = ranges
    .filter(([s, e]) => e > start && s < end)
    .map(([s, e]): [number, number] => [Math.max(s, start) - start, Math.min(e, end) - start]);
  const parts = segments(cut, inside);
  if (startChar > 0) parts.unshift({ text: '…', mark: false });
  if (endChar < chars.length) parts.push({ text: '…', mark: false });
  return parts;
}
