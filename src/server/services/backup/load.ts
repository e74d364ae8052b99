/**
 * Restores a checked backup archive (`verifyArchive`) into a new, empty database and its file
 * storage (decision record 025). Refused, before anything is written, when the database has
 * tables already, when the archive was made at another migration level than this code's, or when
 * the configured master key is not the one the archive's encrypted fields need. One transaction
 * migrates the database and loads it (a failure leaves it as new as it was): the foreign keys are
 * set aside while the tables fill and put back (so checked) at the end, the sequences are set,
 * and every table's rows are counted against the manifest before the commit.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { keyId, secretKeyFile } from '../../auth/secrets';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder, type Database } from '../../db/client';
import type { FileStorage } from '../../integrations/storage';
import { holdOutbox } from '../mail/mail-hold';
import { archiveEntries, BackupError, rowsOf, sha256, type Manifest } from './archive';
import { codeLevel, configuredKey, identifier, levelText, publicTables } from './catalog';
import type { SnapshotRunner } from './file-removal';

export interface RestoreTarget {
  database: Database;
  storage: FileStorage;
  config: { SECRET_KEY?: string | undefined; DATA_DIR: string };
  /** The same portal moving to another database (`move-to-postgres`): its outbox is not held. */
  moving?: boolean;
}

const runner = (db: unknown) => db as SnapshotRunner;

/** Rows per table of the database, counted now. */
export async function countRows(database: Database | SnapshotRunner): Promise<Record<string, number>> {
  const db = runner('db' in database ? database.db : database);
  const counts: Record<string, number> = {};
  for (const table of await publicTables(db)) {
    const { rows } = await db.execute(sql`SELECT count(*)::bigint::text AS n FROM ${identifier(table)}`);
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}

/** Refuses an archive of another migration level than this code's, and a target that is not new. */
async function checkTarget(manifest: Manifest, database: Database): Promise<void> {
  const level = codeLevel();
  if (level.count !== manifest.migrations.count || level.tag !== manifest.migrations.tag)
    throw new BackupError(
      `備份檔的資料庫版本為 ${levelText(manifest.migrations)}，本系統為 ${levelText(level)}：請以製作備份的版本還原，再照常升級`,
      `The archive was made at migration ${levelText(manifest.migrations)}; this portal's code is at ${levelText(level)}. ` +
        'Restore it with the version of the portal that made it, then upgrade as usual',
    );
  const db = runner(database.db);
  const tables = await publicTables(db);
  const { rows } = await db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS migrated`);
  if (tables.length > 0 || rows[0]!.migrated === true) {
    const named = tables.length > 0 ? `: ${tables.slice(0, 3).join(', ')}…` : '';
    throw new BackupError(
      `目標資料庫不是空的（已有 ${tables.length} 個資料表${named}）：只能還原到新建的空資料庫`,
      `The target database is not empty (it has ${tables.length} tables${named}): a backup is restored only into a new, empty one`,
    );
  }
}

/**
 * Applies the committed migrations inside the restore's transaction (as Drizzle's migrator does,
 * into its journal table), so a failed restore leaves the target as new as it was.
 */
async function migrateWithin(tx: SnapshotRunner): Promise<void> {
  await tx.execute(sql`CREATE SCHEMA IF NOT EXISTS "drizzle"`);
  await tx.execute(
    sql`CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
  );
  for (const migration of readMigrationFiles({ migrationsFolder: migrationsFolder() })) {
    for (const statement of migration.sql) await tx.execute(sql.raw(statement));
    await tx.execute(
      sql`INSERT INTO "drizzle"."__drizzle_migrations" ("hash", "created_at") VALUES (${migration.hash}, ${migration.folderMillis})`,
    );
  }
}

/**
 * Checks the master key: the configured one must be the archive's; with none configured, the
 * archive's own key file is written to the data folder (it must hold one).
 */
function checkKey(manifest: Manifest, config: RestoreTarget['config']): 'write' | 'keep' {
  if (!manifest.key) return 'keep';
  const configured = configuredKey(config);
  if (configured) {
    if (keyId(configured.key) === manifest.key.id) return 'keep';
    throw new BackupError(
      `備份檔以另一把主金鑰加密（${manifest.key.id}），本系統設定的是 ${keyId(configured.key)}：請設定當時的 SECRET_KEY（或移除 ${configured.fromFile ? secretKeyFile(config.DATA_DIR) : 'SECRET_KEY'}）`,
      `The archive's encrypted fields need another master key (${manifest.key.id}) than the configured one (${keyId(configured.key)}): ` +
        `set SECRET_KEY to the key the portal had${configured.fromFile ? ` (and remove ${secretKeyFile(config.DATA_DIR)})` : ''}`,
    );
  }
  if (manifest.key.included) return 'write';
  throw new BackupError(
    '備份檔不含主金鑰（當時設定了 SECRET_KEY）：請先設定相同的 SECRET_KEY 再還原',
    'The archive holds no master key (the portal had SECRET_KEY set): set SECRET_KEY to that key, then restore',
  );
}

/** Inserts rows as `tableRows` read them: PostgreSQL reads each value back to its column's type. */
export async function insertRows(tx: SnapshotRunner, table: string, rows: string[]): Promise<void> {
  const name = identifier(table);
  await tx.execute(
    sql`INSERT INTO ${name} OVERRIDING SYSTEM VALUE SELECT * FROM json_populate_recordset(NULL::${name}, ${`[${rows.join(',')}]`}::json)`,
  );
}

/** Puts a file's bytes unless the same bytes are there already; answers whether it put them. */
async function putFile(storage: FileStorage, key: string, bytes: Buffer): Promise<boolean> {
  const existing = await storage.open(key);
  if (existing) {
    const chunks: Uint8Array[] = [];
    for await (const chunk of existing) chunks.push(chunk);
    if (sha256(Buffer.concat(chunks)) === sha256(bytes)) return false;
    throw new BackupError(
      `檔案儲存區已有另一個檔案 ${key}：只能還原到空的資料夾`,
      `The file storage holds another file under ${key}: a backup is restored only into an empty one`,
    );
  }
  await storage.put(key, bytes);
  return true;
}

/** Loads the archive (checked by `verifyArchive`, which gave `manifest`) into the target. */
export async function restoreBackup(file: string, manifest: Manifest, target: RestoreTarget): Promise<void> {
  const { database, storage } = target;
  await checkTarget(manifest, database);
  const key = checkKey(manifest, target.config);
  const put: string[] = [];
  try {
    await database.db.transaction(async (transaction) => {
      const tx = runner(transaction);
      await migrateWithin(tx);
      const tables = new Set(Object.keys(manifest.tables));
      if ((await publicTables(tx)).join() !== [...tables].sort().join())
        throw new BackupError('備份檔的資料表與本系統不符', "The archive's tables are not this portal's tables");
      const { rows: foreignKeys } = await tx.execute(sql`
        SELECT rel.relname AS table, con.conname AS name, pg_get_constraintdef(con.oid) AS definition
        FROM pg_constraint con
        JOIN pg_class rel ON rel.oid = con.conrelid
        JOIN pg_namespace ns ON ns.oid = rel.relnamespace
        WHERE con.contype = 'f' AND ns.nspname = 'public'`);
      for (const fk of foreignKeys)
        await tx.execute(
          sql`ALTER TABLE ${identifier(String(fk.table))} DROP CONSTRAINT ${identifier(String(fk.name))}`,
        );
      // The rows a migration wrote (the membership settings') give way to the archive's.
      for (const [table, rows] of Object.entries(await countRows(tx)))
        if (rows > 0) await tx.execute(sql`DELETE FROM ${identifier(table)}`);
      for await (const entry of archiveEntries(file)) {
        if (entry.kind === 'manifest') break;
        // Checked again as it is used: the file may have changed since it was checked.
        if (manifest.entries[entry.name] !== sha256(entry.bytes))
          throw new BackupError('備份檔在檢查後被更動', 'The archive changed after it was checked');
        if (entry.kind === 'table') {
          if (!tables.has(entry.table)) throw new BackupError('備份檔的資料表與本系統不符', 'Unknown table');
          await insertRows(tx, entry.table, rowsOf(entry.bytes));
        } else if (entry.kind === 'file') {
          if (await putFile(storage, entry.key, entry.bytes)) put.push(entry.key);
        } else if (entry.kind === 'key' && key === 'write') {
          writeFileSync(secretKeyFile(target.config.DATA_DIR), entry.bytes, { flag: 'wx', mode: 0o600 });
        }
      }
      for (const fk of foreignKeys)
        await tx.execute(
          sql`ALTER TABLE ${identifier(String(fk.table))} ADD CONSTRAINT ${identifier(String(fk.name))} ${sql.raw(String(fk.definition))}`,
        );
      for (const [name, value] of Object.entries(manifest.sequences))
        if (value !== null)
          await tx.execute(
            sql`SELECT setval(format('%I.%I', 'public', ${name}::text)::regclass, ${value}::bigint, true)`,
          );
      // A restored copy mails nothing until it is released: the outbox's waiting mails (and what the
      // jobs would write) went, or will go, from the original. A move keeps the portal's own state.
      if (!target.moving) await holdOutbox(transaction, { kind: 'restore', name: path.basename(file) });
      for (const [table, count] of Object.entries(manifest.tables)) {
        const { rows } = await tx.execute(sql`SELECT count(*)::bigint::text AS n FROM ${identifier(table)}`);
        if (Number(rows[0]!.n) !== count)
          throw new BackupError(
            `${table} 還原後為 ${String(rows[0]!.n)} 筆，備份檔記載 ${count} 筆`,
            `${table} holds ${String(rows[0]!.n)} rows after the restore; the archive says ${count}`,
          );
      }
    });
  } catch (error) {
    for (const key of put) await storage.remove(key).catch(() => undefined);
    throw error;
  }
}
