import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/** The migration files in order, for tests that stop a database at one of them (`drizzle/`). */
const folder = path.resolve(import.meta.dirname, '../../../drizzle');
export const MIGRATION_FILES = readdirSync(folder)
  .filter((f) => f.endsWith('.sql'))
  .sort();

/** Applies one migration file's statements, as the migrator does. */
export async function applyMigration(db: PGlite, file: string): Promise<void> {
  for (const statement of readFileSync(path.join(folder, file), 'utf8').split('--> statement-breakpoint'))
    if (statement.trim()) await db.exec(statement);
}
