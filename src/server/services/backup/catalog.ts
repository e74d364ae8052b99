/** What a backup and a restore read of a database's own description: its tables, level and keys. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { parseKey, secretKeyFile } from '../../auth/secrets';
import { migrationsFolder } from '../../db/client';
import type { MigrationLevel } from './archive';
import type { SnapshotRunner } from './file-removal';

/** A table or sequence name as an SQL identifier (the names come from the catalogue or are checked against it). */
export const identifier = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

/** The portal's tables (schema `public`), by name. */
export async function publicTables(db: SnapshotRunner): Promise<string[]> {
  const { rows } = await db.execute(
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  return rows.map((r) => String(r.name));
}

/**
 * The columns that name a storage key (the bytes behind `FileStorage`): a backup copies the files
 * they name. A new column holding a key belongs here.
 */
export const FILE_KEY_COLUMNS = [
  { table: 'files', column: 'storage_key' },
  { table: 'import_runs', column: 'storage_key' },
  { table: 'import_runs', column: 'rejects_key' },
] as const;

/** Every storage key the database names. */
export async function storedFileKeys(db: SnapshotRunner): Promise<string[]> {
  const parts = FILE_KEY_COLUMNS.map(
    (c) =>
      sql`SELECT ${identifier(c.column)} AS key FROM ${identifier(c.table)} WHERE ${identifier(c.column)} IS NOT NULL`,
  );
  const { rows } = await db.execute(sql`${sql.join(parts, sql` UNION `)} ORDER BY key`);
  return rows.map((r) => String(r.key));
}

/** The committed migrations (`drizzle/meta/_journal.json`), in order. */
function journal(): { when: number; tag: string }[] {
  const file = path.join(migrationsFolder(), 'meta', '_journal.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { entries: { when: number; tag: string }[] }).entries;
}

/** The migrations applied to a database (Drizzle's journal table), with the last one's tag. */
export async function migrationLevel(db: SnapshotRunner): Promise<MigrationLevel> {
  const { rows } = await db.execute(
    sql`SELECT count(*)::int AS count, max(created_at)::text AS last FROM drizzle.__drizzle_migrations`,
  );
  const count = Number(rows[0]?.count ?? 0);
  const last = rows[0]?.last == null ? null : Number(rows[0].last);
  return { count, tag: journal().find((e) => e.when === last)?.tag ?? null };
}

/** The level this code migrates a database to. */
export function codeLevel(): MigrationLevel {
  const entries = journal();
  return { count: entries.length, tag: entries.at(-1)?.tag ?? null };
}

export const levelText = (level: MigrationLevel) => `${level.tag ?? 'unknown'} (${level.count})`;

/**
 * The master key the configuration reads (SECRET_KEY, else DATA_DIR/secret.key), and whether it
 * comes from the data folder's file; null when neither is there yet.
 */
export function configuredKey(config: {
  SECRET_KEY?: string | undefined;
  DATA_DIR: string;
}): { key: Buffer; fromFile: boolean } | null {
  if (config.SECRET_KEY) return { key: parseKey(config.SECRET_KEY), fromFile: false };
  const file = secretKeyFile(config.DATA_DIR);
  return existsSync(file) ? { key: parseKey(readFileSync(file, 'utf8').trim()), fromFile: true } : null;
}
