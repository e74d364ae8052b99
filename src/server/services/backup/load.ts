/**
 * Restores a checked backup archive (`verifyArchive`) into an empty database, migrated to this
 * code's level, and its file storage (decision record 025). Refused, before anything is written,
 * when the database holds a row, when the archive was made at another migration level, or when
 * the configured master key is not the one the archive's encrypted fields need. The rows go in
 * one transaction (a failure leaves the database empty): the foreign keys are set aside while
 * the tables fill and put back (so checked) at the end, the sequences are set, and every table's
 * rows are counted against the manifest before the commit.
 */
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { secretKeyFile } from '../../auth/secrets';
import { openDatabase, type Database } from '../../db/client';
import type { FileStorage } from '../../integrations/storage';
import { archiveEntries, BackupError, rowsOf, sha256, type Manifest } from './archive';
import { configuredKey, identifier, keyId, levelText, migrationLevel, publicTables } from './catalog';
import type { SnapshotRunner } from './file-removal';

export interface RestoreTarget {
  database: Database;
  storage: FileStorage;
  config: { SECRET_KEY?: string | undefined; DATA_DIR: string };
}

const runner = (db: unknown) => db as SnapshotRunner;

/** Rows per table of the database, counted now. */
export async function countRows(database: Database): Promise<Record<string, number>> {
  const db = runner(database.db);
  const counts: Record<string, number> = {};
  for (const table of await publicTables(db)) {
    const { rows } = await db.execute(sql`SELECT count(*)::bigint::text AS n FROM ${identifier(table)}`);
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}

/**
 * The rows a database holds right after its migrations (one migration writes the membership
 * settings' row), counted on a throw-away embedded database: a target holding these alone is empty.
 */
function rowsOfMigrations(): Promise<Record<string, number>> {
  migrationRows ??= (async () => {
    const fresh = await openDatabase({ dataDir: 'memory' });
    try {
      return Object.fromEntries(Object.entries(await countRows(fresh)).filter(([, n]) => n > 0));
    } finally {
      await fresh.close();
    }
  })();
  return migrationRows;
}
let migrationRows: Promise<Record<string, number>> | undefined;

/**
 * Refuses a target the archive does not fit: another level, another table set, rows already there
 * (beyond those the migrations write). Answers the tables whose migration rows the archive replaces.
 */
async function checkTarget(manifest: Manifest, database: Database): Promise<string[]> {
  const db = runner(database.db);
  const level = await migrationLevel(db);
  if (level.count !== manifest.migrations.count || level.tag !== manifest.migrations.tag)
    throw new BackupError(
      `備份檔的資料庫版本為 ${levelText(manifest.migrations)}，本系統為 ${levelText(level)}：請以製作備份的版本還原，再照常升級`,
      `The archive was made at migration ${levelText(manifest.migrations)}; this portal's code is at ${levelText(level)}. ` +
        'Restore it with the version of the portal that made it, then upgrade as usual',
    );
  const tables = await publicTables(db);
  const archived = Object.keys(manifest.tables).sort();
  if (tables.join() !== archived.join())
    throw new BackupError('備份檔的資料表與本系統不符', "The archive's tables are not this portal's tables");
  const migrated = await rowsOfMigrations();
  const counts = await countRows(database);
  const holding = tables.filter((table) => counts[table]! > (migrated[table] ?? 0));
  if (holding.length > 0)
    throw new BackupError(
      `目標資料庫不是空的（${holding.slice(0, 5).join(', ')}…有資料）：只能還原到空的資料庫`,
      `The target database is not empty (${holding.slice(0, 5).join(', ')} hold rows): a backup is restored only into an empty one`,
    );
  return tables.filter((table) => counts[table]! > 0);
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
  const replaced = await checkTarget(manifest, database);
  const key = checkKey(manifest, target.config);
  const put: string[] = [];
  try {
    await database.db.transaction(async (transaction) => {
      const tx = runner(transaction);
      const tables = new Set(Object.keys(manifest.tables));
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
      // The rows the migrations wrote (the membership settings') give way to the archive's.
      for (const table of replaced) await tx.execute(sql`DELETE FROM ${identifier(table)}`);
      for await (const entry of archiveEntries(file)) {
        if (entry.kind === 'manifest') break;
        // Checked again as it is used: the file may have changed since it was checked.
        if (manifest.entries[entry.name] !== sha256(entry.bytes))
          throw new BackupError('備份檔在檢查後被更動', 'The archive changed after it was checked');
        if (entry.kind === 'table') {
          if (!tables.has(entry.table)) throw new BackupError('備份檔的資料表與本系統不符', 'Unknown table');
          const table = identifier(entry.table);
          await tx.execute(
            sql`INSERT INTO ${table} OVERRIDING SYSTEM VALUE SELECT * FROM json_populate_recordset(NULL::${table}, ${`[${rowsOf(entry.bytes).join(',')}]`}::json)`,
          );
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
