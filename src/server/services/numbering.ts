import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { numberSequences } from '../db/schema';
import { formatNumber, sequenceName } from '../../lib/numbering';

/** The next value of a named counter (1 for a new one), in the caller's transaction. */
export async function nextInSequence(executor: Executor, name: string): Promise<number> {
  const [row] = await executor
    .insert(numberSequences)
    .values({ name, value: 1 })
    .onConflictDoUpdate({ target: numberSequences.name, set: { value: sql`${numberSequences.value} + 1` } })
    .returning({ value: numberSequences.value });
  return row!.value;
}

/** The next number of a kind (`application`, `order`, `receipt`, `memberNo`) from its pattern. */
export async function nextNumber(
  executor: Executor,
  kind: string,
  pattern: string,
  values: { year: number; classCode?: string },
): Promise<string> {
  const seq = await nextInSequence(executor, sequenceName(kind, pattern, values));
  return formatNumber(pattern, { ...values, seq });
}

/** A number of `pattern` formatted in SQL from the sequence value `value`, as `formatNumber` formats it. */
export function formatNumberInSql(pattern: string, values: { year: number; classCode?: string }, value: SQL): SQL {
  const parts = /^(.*)\{seq(?::(\d))?\}(.*)$/.exec(pattern);
  if (!parts) throw new Error(`a number pattern without {seq}: ${pattern}`);
  const [, before, width, after] = parts;
  const fixed = (text: string) => formatNumber(text, { ...values, seq: 0 });
  return sql`${fixed(before!)} || lpad(${value}::text, greatest(${Number(width ?? 0)}, length(${value}::text)), '0') || ${fixed(after!)}`;
}

/**
 * The next number of a kind written within a larger statement: `counter(when)` is a common table
 * expression that takes the counter's next value (answering `value`) as `nextNumber` does, only
 * `when` its condition holds; `format(value)` the number's text. For a statement that makes a row
 * and its number at once, where the counter must move only when the row is made.
 */
export function numberInStatement(
  kind: string,
  pattern: string,
  values: { year: number; classCode?: string },
): { counter: (when: SQL) => SQL; format: (value: SQL) => SQL } {
  const name = sequenceName(kind, pattern, values);
  return {
    counter: (when) => sql`INSERT INTO number_sequences (name, value) SELECT ${name}, 1 WHERE ${when}
      ON CONFLICT (name) DO UPDATE SET value = number_sequences.value + 1 RETURNING value`,
    format: (value) => formatNumberInSql(pattern, values, value),
  };
}
