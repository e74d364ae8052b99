import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import * as tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { accounts, files } from '../../db/schema';
import { createMemoryStorage } from '../../integrations/storage';
import { archiveEntries, verifyArchive } from './archive';
import { tableRows, writeBackup } from './dump';
import type { SnapshotRunner } from './file-removal';
import { countRows, insertRows, restoreBackup } from './load';

const KEY = 'ab'.repeat(32);
const OTHER_KEY = 'cd'.repeat(32);
const PDF_BYTES = [37, 80, 68, 70, 0, 255];
const account = (email: string) => ({ email, nameZh: '王', personIdEncrypted: 'x', personIdHash: email });

const rowsOf = async (database: Database, table: string) =>
  (
    await database.db.execute(sql`SELECT row_to_json(t)::text AS r FROM ${sql.identifier(table)} t ORDER BY 1`)
  ).rows.map((r) => r.r);

describe('a backup archive', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-backup-unit-'));
  const archive = path.join(folder, 'backup.tar.gz');
  const config = { SECRET_KEY: KEY, DATA_DIR: path.join(folder, 'data') };
  let source: Database;
  const sourceStorage = createMemoryStorage();

  beforeAll(async () => {
    source = await openDatabase({ dataDir: 'memory' });
    await sourceStorage.put('a1b2.pdf', new Uint8Array(PDF_BYTES));
    await source.db.insert(files).values({
      name: 'licence.pdf',
      contentType: 'application/pdf',
      size: 6,
      sha256: 'x',
      storageKey: 'a1b2.pdf',
    });
    await source.db.insert(accounts).values(account('a@example.org'));
    await writeBackup({ database: source, storage: sourceStorage, config }, createWriteStream(archive));
  }, 60_000);

  afterAll(async () => {
    await source?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('writes every type back exactly as it was read', async () => {
    await source.db.execute(sql`CREATE TABLE typed (
      id serial PRIMARY KEY, amount numeric(30, 10), bytes bytea, doc jsonb, at timestamptz, local timestamp,
      day date, span interval, tags text[], numbers integer[], ratio double precision, flag boolean, note text)`);
    await source.db.execute(sql`CREATE TABLE typed_copy (LIKE typed)`);
    await source.db
      .execute(sql`INSERT INTO typed (amount, bytes, doc, at, local, day, span, tags, numbers, ratio, flag, note) VALUES
      (12345678901234567890.0123456789, '\\x00ff10', '{"big": 123456789012345678901234567890, "zh": "會員\\n\\u2028", "x": [1.50, null]}',
       '2026-03-01 10:11:12.345678+08', '2026-03-01 23:59:59.999999', '2026-02-28', '1 day 02:03:04.5',
       ARRAY['a,b', 'c"d', NULL, '{}'], ARRAY[1, -2], 0.1, true, E'line\\nbreak\\ttab'),
      (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)`);
    await source.db.transaction(async (transaction) => {
      const tx = transaction as unknown as SnapshotRunner;
      for await (const rows of tableRows(tx, 'typed')) await insertRows(tx, 'typed_copy', rows);
    });
    expect(await rowsOf(source, 'typed_copy')).toEqual(await rowsOf(source, 'typed'));
    expect((await rowsOf(source, 'typed'))[0]).toContain('"amount":12345678901234567890.0123456789');
  }, 60_000);

  it('restores the rows, the files and the sequences into a new database', async () => {
    const manifest = await verifyArchive(archive);
    expect(manifest.files).toEqual({ count: 1, bytes: 6 });
    expect(manifest.key).toMatchObject({ included: false });
    const target = await openDatabase({ dataDir: 'memory', migrate: false });
    const storage = createMemoryStorage();
    try {
      await restoreBackup(archive, manifest, { database: target, storage, config });
      for (const table of ['files', 'accounts', 'membership_settings'])
        expect(await rowsOf(target, table)).toEqual(await rowsOf(source, table));
      const counts = await countRows(target);
      expect(counts).toEqual(manifest.tables);
      const stream = await storage.open('a1b2.pdf');
      expect(Buffer.from(await new Response(stream).arrayBuffer())).toEqual(Buffer.from(PDF_BYTES));
      // The next account takes the next number, not one the archive's rows hold.
      const [next] = await target.db.insert(accounts).values(account('b@example.org')).returning({ id: accounts.id });
      expect(next!.id).toBe(2);

      // Restored once, it is no longer new: a second restore is refused.
      await expect(restoreBackup(archive, manifest, { database: target, storage, config })).rejects.toThrow(
        /The target database is not empty \(it has \d+ tables: account_roles/,
      );
    } finally {
      await target.close();
    }
  }, 60_000);

  it('refuses another master key, and leaves the target new', async () => {
    const manifest = await verifyArchive(archive);
    const target = await openDatabase({ dataDir: 'memory', migrate: false });
    try {
      const restore = () =>
        restoreBackup(archive, manifest, {
          database: target,
          storage: createMemoryStorage(),
          config: { ...config, SECRET_KEY: OTHER_KEY },
        });
      await expect(restore()).rejects.toThrow(/another master key/);
      expect(await countRows(target)).toEqual({});
    } finally {
      await target.close();
    }
  }, 60_000);

  it('refuses a truncated archive, a changed entry and another format version', async () => {
    const bytes = readFileSync(archive);
    const truncated = path.join(folder, 'truncated.tar.gz');
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.7)));
    await expect(verifyArchive(truncated)).rejects.toThrow(/damaged or incomplete/);

    // The same entries written again, one row changed or the manifest's version raised.
    const rewrite = async (name: string, change: (entry: string, text: string) => string) => {
      const pack = tar.pack();
      const target = path.join(folder, name);
      const written = pipeline(pack, createGzip(), createWriteStream(target));
      for await (const entry of archiveEntries(archive)) {
        const body =
          entry.kind === 'file' ? entry.bytes : Buffer.from(change(entry.name, entry.bytes.toString('utf8')));
        pack.entry({ name: entry.name }, body);
      }
      pack.finalize();
      await written;
      return target;
    };
    const changed = await rewrite('changed.tar.gz', (name, text) =>
      name.startsWith('tables/accounts/') ? text.replace('a@example.org', 'b@example.org') : text,
    );
    await expect(verifyArchive(changed)).rejects.toThrow(/tables\/accounts\/000001\.jsonl differs from its checksum/);
    const newer = await rewrite('newer.tar.gz', (name, text) =>
      name === 'manifest.json' ? text.replace('"version": 1', '"version": 2') : text,
    );
    await expect(verifyArchive(newer)).rejects.toThrow(/format version 2; this portal reads version 1/);
  }, 60_000);
});
