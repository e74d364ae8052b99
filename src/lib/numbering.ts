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
