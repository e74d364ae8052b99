/**
 * Many rows in one statement through one parameter: the rows as JSON, unpacked by
 * `jsonb_to_recordset`. For the thousands of rows of an import, building a multi-row statement
 * through Drizzle (a parameter per value) took more CPU than the database's own work.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** Column name → SQL type, for the rows' keys (which are the column names). */
export type Columns = Record<string, string>;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** `jsonb_to_recordset($1) AS v(...)` over `rows`, each keyed by the column names of `columns`. */
export function recordset(rows: readonly Record<string, unknown>[], columns: Columns): SQL {
  const shape = Object.entries(columns)
    .map(([name, type]) => `${quoted(name)} ${type}`)
    .join(', ');
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(${sql.raw(shape)})`;
}

/** Inserts `rows` into `table` (constant names from the code); `tail` adds ON CONFLICT or RETURNING. */
export async function insertRows<R = Record<string, unknown>>(
  executor: Executor,
  table: string,
  columns: Columns,
  rows: readonly Record<string, unknown>[],
  tail: SQL = sql``,
): Promise<R[]> {
  if (rows.length === 0) return [];
  const names = Object.keys(columns).map(quoted).join(', ');
  const values = Object.keys(columns)
    .map((name) => `v.${quoted(name)}`)
    .join(', ');
  const result = await executor.execute(
    sql`INSERT INTO ${sql.raw(quoted(table))} (${sql.raw(names)}) SELECT ${sql.raw(values)} FROM ${recordset(rows, columns)} ${tail}`,
  );
  return (result as unknown as { rows: R[] }).rows;
}

/**
 * The audit rows of an import's lines, in one statement: the system's, each with who ran the
 * import, the file, the line and what the line did (`detail`).
 */
export async function auditImportLines(
  executor: Executor,
  action: string,
  source: { by: string; file: string; fileName?: string | undefined },
  at: string,
  lines: readonly { line: number; detail: Record<string, unknown> }[],
): Promise<void> {
  await insertRows(
    executor,
    'audit_log',
    { actor_type: 'text', action: 'text', detail: 'jsonb', at: 'timestamptz' },
    lines.map(({ line, detail }) => ({
      actor_type: 'system',
      action,
      detail: { by: source.by, file: source.fileName ?? source.file, line, ...detail },
      at,
    })),
  );
}
