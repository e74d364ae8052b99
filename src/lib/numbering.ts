/**
 * A number from a society's pattern: `{yyyy}` the year, `{class}` a member class's code, `{seq:N}`
 * the sequence zero-padded to N digits (`{seq}` unpadded). `M{yyyy}-{seq:4}` gives `M2026-0042`.
 */
export function formatNumber(pattern: string, values: { year: number; seq: number; classCode?: string }): string {
  return pattern
    .replaceAll('{yyyy}', String(values.year))
    .replaceAll('{class}', values.classCode ?? '')
    .replace(/\{seq(?::(\d))?\}/g, (_m, width: string | undefined) =>
      String(values.seq).padStart(Number(width ?? 0), '0'),
    );
}

/** The sequence a pattern counts in: per year when it shows the year, per class when it shows the class. */
export function sequenceName(kind: string, pattern: string, values: { year: number; classCode?: string }): string {
  return [kind, pattern.includes('{yyyy}') ? values.year : '', pattern.includes('{class}') ? values.classCode : '']
    .filter((part) => part !== '')
    .join(':');
}

const REGEX_SPECIAL = /[.*+?^${}()|[\]\\]/g;

/**
 * What a number made by `pattern` was made of: the year, the class code and the sequence; null
 * when `value` does not follow the pattern (a number from an old system in another form). With
 * `sequenceName`, it says which counter a number used, so an import can move that counter past it.
 */
export function parseNumber(
  pattern: string,
  value: string,
): { year: number | null; classCode: string | null; seq: number } | null {
  const reader = readerOf(pattern);
  const match = reader?.regex.exec(value);
  if (!reader || !match) return null;
  const found = { year: null as number | null, classCode: null as string | null, seq: 0 };
  reader.parts.forEach((part, i) => {
    const text = match[i + 1]!;
    if (part === 'year') found.year = Number(text);
    else if (part === 'class') found.classCode = text;
    else found.seq = Number(text);
  });
  return Number.isSafeInteger(found.seq) ? found : null;
}

type NumberPart = 'year' | 'class' | 'seq';
const readers = new Map<string, { regex: RegExp; parts: NumberPart[] } | null>();

/** A pattern as a regular expression with its parts in order (made once per pattern). */
function readerOf(pattern: string): { regex: RegExp; parts: NumberPart[] } | null {
  if (readers.has(pattern)) return readers.get(pattern)!;
  const parts: NumberPart[] = [];
  let source = '';
  for (const piece of pattern.split(/(\{yyyy\}|\{class\}|\{seq(?::\d)?\})/)) {
    if (piece === '{yyyy}') {
      parts.push('year');
      source += '(\\d{4})';
    } else if (piece === '{class}') {
      parts.push('class');
      source += '(.+?)';
    } else if (/^\{seq(?::\d)?\}$/.test(piece)) {
      parts.push('seq');
      const width = Number(/:(\d)/.exec(piece)?.[1] ?? 1);
      source += `(\\d{${Math.max(width, 1)},})`;
    } else source += piece.replace(REGEX_SPECIAL, '\\$&');
  }
  const reader = parts.includes('seq') ? { regex: new RegExp(`^${source}$`), parts } : null;
  readers.set(pattern, reader);
  return reader;
}
