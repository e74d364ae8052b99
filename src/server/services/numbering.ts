import { sql } from 'drizzle-orm';
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
