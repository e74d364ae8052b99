/**
 * Moving a row one place up or down a list kept in order by `sort` on the content desks (home
 * blocks, their entries, journals, an issue's papers): the list's rows locked, numbered again by
 * `moveInOrder`, and the place of the moved row before and after for its audit entry.
 */
import { asc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { moveInOrder } from './desk-changes';

/** A table kept in order: an id, a `sort` and the time of its last change. */
type OrderedTable = PgTable & { id: PgColumn; sort: PgColumn; updatedAt: PgColumn };

/**
 * Moves row `id` of `table`, among the rows `among` picks (all when absent), one place up or down.
 * Answers null when the row is not among them, `moved: false` when it is already at that end, and
 * otherwise its place before and after (from 1).
 */
export async function moveRow(
  tx: Executor,
  table: OrderedTable,
  id: number,
  direction: 'up' | 'down',
  among?: SQL,
): Promise<{ moved: false } | { moved: true; before: number; after: number } | null> {
  const rows = (await tx
    .select({ id: table.id, sort: table.sort })
    .from(table)
    .where(among)
    .orderBy(asc(table.sort), asc(table.id))
    .for('update')) as { id: number; sort: number }[];
  const moves = moveInOrder(rows, id, direction);
  if (!moves) return null;
  const now = new Date();
  for (const move of moves)
    await tx
      .update(table)
      .set({ sort: move.sort, updatedAt: now } as never)
      .where(eq(table.id, move.id));
  const moved = moves.find((m) => m.id === id);
  if (!moved) return { moved: false };
  return { moved: true, before: rows.findIndex((r) => r.id === id) + 1, after: moved.sort / 10 };
}
