/**
 * Writes a backup archive (`archive.ts`) of a database and its stored files while the portal
 * runs: every table read in one snapshot, then the bytes of the files that snapshot names, kept
 * from removal meanwhile (`file-removal.ts`). Used by `npm run backup`, by the server's backup
 * channel (`channel.ts`) and by `npm run move-to-postgres`.
 */
import type { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { keyId } from '../../auth/secrets';
import type { Database } from '../../db/client';
import type { FileStorage } from '../../integrations/storage';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  archiveWriter,
  BackupError,
  KEY_ENTRY,
  ROWS_PER_CHUNK,
  fileEntry,
  tableEntry,
  type Manifest,
} from './archive';
import { configuredKey, identifier, migrationLevel, publicTables, storedFileKeys } from './catalog';
import { holdingFiles, type SnapshotRunner } from './file-removal';

export interface BackupSource {
  database: Database;
  storage: FileStorage;
  config: { SECRET_KEY?: string | undefined; DATA_DIR: string };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * A table's rows in chunks, each row as PostgreSQL's `row_to_json` writes it (read back exactly by
 * `insertRows`), through a cursor: a chunk at a time in memory. Inside a transaction.
 */
export async function* tableRows(tx: SnapshotRunner, table: string): AsyncGenerator<string[]> {
  await tx.execute(
    sql`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM ${identifier(table)} t`,
  );
  for (;;) {
    const { rows } = await tx.execute(sql.raw(`FETCH FORWARD ${ROWS_PER_CHUNK} FROM backup_rows`));
    if (rows.length === 0) break;
    yield rows.map((r) => String(r.row));
  }
  await tx.execute(sql`CLOSE backup_rows`);
}

/** Writes the archive to `out` (ended when done); answers its manifest. */
export async function writeBackup(source: BackupSource, out: Writable): Promise<Manifest> {
  const { database, storage } = source;
  const archive = archiveWriter(out);
  try {
    const { tables, sequences, migrations, files } = await holdingFiles(database, async (snapshot) => {
      const read = await snapshot(async (tx) => {
        // Timestamps written in UTC (with their offset either way): the same archive from either engine.
        await tx.execute(sql`SET LOCAL timezone = 'UTC'`);
        const migrations = await migrationLevel(tx);
        const tables: Record<string, number> = {};
        for (const table of await publicTables(tx)) {
          tables[table] = 0;
          let chunk = 0;
          for await (const rows of tableRows(tx, table)) {
            tables[table] += rows.length;
            await archive.add(tableEntry(table, ++chunk), Buffer.from(`${rows.join('\n')}\n`));
          }
        }
        // Sequences are outside transactions: their values now are at least those the rows used.
        const { rows } = await tx.execute(
          sql`SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = 'public'`,
        );
        const sequences = Object.fromEntries(
          rows.map((r) => [String(r.name), r.value == null ? null : String(r.value)]),
        );
        return { migrations, tables, sequences, keys: await storedFileKeys(tx) };
      });
      // The snapshot has ended (on the embedded database the portal goes on); the files are still held.
      let bytes = 0;
      for (const key of read.keys) {
        const stream = await storage.open(key);
        if (!stream)
          throw new BackupError(
            `儲存的檔案 ${key} 不見了（資料庫仍記載它），無法完成備份`,
            `The bytes of stored file ${key} are missing (the database still names it): the backup cannot be complete`,
          );
        const content = await readAll(stream);
        bytes += content.byteLength;
        await archive.add(fileEntry(key), content);
      }
      return { ...read, files: { count: read.keys.length, bytes } };
    });
    const key = configuredKey(source.config);
    if (key?.fromFile) await archive.add(KEY_ENTRY, Buffer.from(`${key.key.toString('hex')}\n`));
    return await archive.finish({
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      createdAt: new Date().toISOString(),
      engine: database.engine,
      migrations,
      tables,
      sequences,
      files,
      key: key ? { id: keyId(key.key), included: key.fromFile } : null,
    });
  } catch (error) {
    archive.abort(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}
