import { ConverterFactory } from 'opencc-js/core';
import TSCharacters from 'opencc-js/dict/TSCharacters';
import { stemmer } from 'stemmer';

/**
 * The one tokenizer of site search (docs/decisions/042): what is indexed and what is asked are
 * cut the same way, so both meet on the same terms.
 *
 * - Text is folded: Unicode NFKC (full-width letters and digits become plain ones), lower case,
 *   accents stripped (NFD less the combining marks), and each Han character folded to one form
 *   with OpenCC's character table (traditional to simplified: 檢 → 检, 臺 and 台 → 台, 髮 and 發
 *   → 发), so 检查 and 檢查, 台灣 and 臺灣 are one term. Character for character, so offsets hold; the
 *   folded form is only ever matched, never shown.
 * - A run of Han characters gives each character and each overlapping pair of characters
 *   (腹部超音波 → 腹, 部, 超, …, 腹部, 部超, 超音, 音波): a word inside a sentence, or one character
 *   asked alone, is found without a dictionary.
 * - Any other run of letters and digits is a word: letters alone are stemmed (Porter, `stemmer`),
 *   so guidelines and guideline meet; digits are kept; `COVID-19` gives `covid` and `19`.
 * - Everything else (punctuation, symbols, spaces, unpaired surrogates) only separates.
 *
 * Folding skips the Unicode normalisation for ASCII and the main block of Han characters, which
 * it leaves as they are: most of a text, and most of the time an index takes.
 */

/** A term found in a text, with where it stands in the text as given (UTF-16 offsets, end excluded). */
export interface Token {
  term: string;
  start: number;
  end: number;
  /**
   * Its place among the text's terms, from 0: each word and each Han character one place further;
   * a Han pair stands at its first character's place, so the pairs of a run follow one another.
   */
  position: number;
  /** A Han character or pair, or a word of other letters and digits. */
  han: boolean;
}

/**
 * What a query asks for: every group must match, and the terms of a group one after the other
 * (a Han run of three characters or more is its pairs in a row, so 超音波 is not 超音 … 音波 apart).
 */
export interface SearchQuery {
  groups: string[][];
  /** Every term of the groups, once. */
  terms: string[];
}

/** English words too common to tell documents apart; neither indexed nor asked for. */
const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'for',
  'from',
  'in',
  'is',
  'it',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

/** The most terms a query is cut into; the rest are left out (a 200-character query stays one query). */
export const MAX_QUERY_TERMS = 32;

/**
 * Traditional (and variant) characters to the one simplified form: a many-to-one table, so every
 * way of writing a character meets. Only the character table (30 kB, built in well under a second):
 * the phrase tables are a megabyte and took seconds and 100 MB of every process that loaded them.
 */
const toOneForm = ConverterFactory([TSCharacters]);

const HAN = /\p{Script=Han}/u;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const MARKS = /\p{M}/gu;
const LETTERS = /^\p{L}+$/u;
const LATIN_LETTERS = /^[a-z]+$/;

/**
 * Folded text and, for each of its UTF-16 units (and its end), the offset in the original it came
 * from: `null` when each unit stands where it stood (plain ASCII).
 */
interface Folded {
  text: string;
  from: number[] | null;
}

/** Where a unit of the folded text came from in the original. */
function origin(folded: Folded, at: number): number {
  return folded.from ? folded.from[at]! : at;
}

const NOT_ASCII = /\P{ASCII}/u;

/**
 * Folds text for matching (see above), keeping where each folded unit came from. Each code point
 * is folded alone, so a match found in the folded text maps back to a range of the original.
 */
function fold(input: string): Folded {
  // Most English text: lower case is the whole fold, and every offset holds.
  if (!NOT_ASCII.test(input)) return { text: input.toLowerCase(), from: null };
  let text = '';
  const from: number[] = [];
  let offset = 0;
  for (const ch of input) {
    let folded: string;
    const code = ch.codePointAt(0)!;
    if (code < 0x80) folded = code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : ch;
    else if (code >= 0x4e00 && code <= 0x9fff) folded = ch;
    else if (code >= 0xd800 && code <= 0xdfff) folded = ' ';
    else folded = ch.normalize('NFKC').normalize('NFD').replace(MARKS, '').toLowerCase();
    for (let i = 0; i < folded.length; i++) from.push(offset);
    text += folded;
    offset += ch.length;
  }
  from.push(offset);
  // One form per character; the table maps character for character, so offsets hold. Should it
  // ever not, each character goes alone.
  const converted = toOneForm(text);
  if (converted.length === text.length) text = converted;
  else text = Array.from(text, (c) => (HAN.test(c) ? toOneForm(c) : c)).join('');
  return { text, from };
}

/** Text folded for matching: what the index keeps to find a Han phrase whole. */
export function foldText(input: string): string {
  return fold(input).text;
}

/** Words already made terms: a site's vocabulary is small, and stemming is most of matching a text. */
const wordTerms = new Map<string, string | null>();
const MAX_WORD_TERMS = 50_000;

/** A word as a term: letters stemmed, stop words none. */
function wordTerm(word: string): string | null {
  const known = wordTerms.get(word);
  if (known !== undefined) return known;
  let term: string | null = word;
  if (!LETTERS.test(word)) term = word;
  else if (STOP_WORDS.has(word)) term = null;
  else if (LATIN_LETTERS.test(word)) term = stemmer(word);
  if (wordTerms.size >= MAX_WORD_TERMS) wordTerms.clear();
  wordTerms.set(word, term);
  return term;
}

/** One run of the folded text: Han characters, or a word. */
interface Run {
  text: string;
  /** Offsets in the folded text. */
  start: number;
  end: number;
  han: boolean;
}

function runs(folded: string): Run[] {
  const found: Run[] = [];
  let current: Run | null = null;
  let i = 0;
  for (const ch of folded) {
    const han = HAN.test(ch);
    const wordLike = han || WORD_CHAR.test(ch);
    if (!wordLike || (current && current.han !== han)) {
      if (current) found.push(current);
      current = null;
    }
    if (wordLike) {
      if (!current) current = { text: '', start: i, end: i, han };
      current.text += ch;
      current.end = i + ch.length;
    }
    i += ch.length;
  }
  if (current) found.push(current);
  return found;
}

/** The tokens of a text as it is indexed: each Han character and pair, each word (see above). */
export function tokenize(input: string): Token[] {
  const folded = fold(input);
  const { text } = folded;
  const from = (at: number) => origin(folded, at);
  const tokens: Token[] = [];
  let position = 0;
  for (const run of runs(text)) {
    if (!run.han) {
      const term = wordTerm(run.text);
      if (term) tokens.push({ term, start: from(run.start), end: from(run.end), position: position++, han: false });
      continue;
    }
    const chars = Array.from(run.text);
    let at = run.start;
    for (let k = 0; k < chars.length; k++) {
      const one = chars[k]!;
      const next = chars[k + 1];
      tokens.push({ term: one, start: from(at), end: from(at + one.length), position, han: true });
      if (next !== undefined) {
        tokens.push({
          term: one + next,
          start: from(at),
          end: from(at + one.length + next.length),
          position,
          han: true,
        });
      }
      at += one.length;
      position++;
    }
  }
  return tokens;
}

/**
 * A query cut as the index is, but a Han run of two or more characters asks for its pairs only
 * (the single characters would match more and add nothing), in a row. Groups are distinct, with
 * at most `MAX_QUERY_TERMS` terms in all (the rest of a long query is left out). Punctuation
 * alone gives none.
 */
export function parseQuery(input: string): SearchQuery {
  const groups = new Map<string, string[]>();
  let count = 0;
  for (const run of runs(fold(input).text)) {
    let group: string[] = [];
    if (!run.han) {
      const term = wordTerm(run.text);
      if (term) group = [term];
    } else {
      const chars = Array.from(run.text);
      if (chars.length === 1) group = [chars[0]!];
      for (let k = 0; k + 1 < chars.length; k++) group.push(chars[k]! + chars[k + 1]!);
    }
    const key = group.join(' ');
    if (!group.length || groups.has(key)) continue;
    if (count + group.length > MAX_QUERY_TERMS) break;
    groups.set(key, group);
    count += group.length;
  }
  const list = [...groups.values()];
  return { groups: list, terms: [...new Set(list.flat())] };
}

/**
 * Where a query matches texts: a function giving, for a text, the ranges of it the query matches
 * (UTF-16 offsets of the text as given, merged, in order). The query is cut once, for all the texts
 * of a page of results. A word matches by its term; a Han run of the query where it stands whole in
 * the text (one or two characters: wherever they stand).
 */
export function queryMatcher(query: string): (input: string) => Array<[number, number]> {
  const words = new Set<string>();
  const hanRuns: string[] = [];
  for (const run of runs(fold(query).text)) {
    if (run.han) hanRuns.push(run.text);
    else {
      const term = wordTerm(run.text);
      if (term) words.add(term);
    }
  }
  return (input) => {
    if (!input) return [];
    const folded = fold(input);
    const { text } = folded;
    const ranges: Array<[number, number]> = [];
    if (words.size) {
      for (const run of runs(text)) {
        if (!run.han && words.has(wordTerm(run.text) ?? ''))
          ranges.push([origin(folded, run.start), origin(folded, run.end)]);
      }
    }
    for (const needle of hanRuns) {
      for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) {
        ranges.push([origin(folded, at), origin(folded, at + needle.length)]);
      }
    }
    ranges.sort((a, b) => a[0] - b[0]);
    const merged: Array<[number, number]> = [];
    for (const range of ranges) {
      const last = merged[merged.length - 1];
      if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
      else merged.push([range[0], range[1]]);
    }
    return merged;
  };
}
