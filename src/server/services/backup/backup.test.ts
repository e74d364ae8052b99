import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tar from 'tar-stream';
import { createGzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { openDatabase, type Database } from '../../db/client';
import { files } from '../../db/schema';
import { createMemoryStorage } from '../../integrations/storage';
import { archiveEntries, verifyArchive } from './archive';
import { writeBackup } from './dump';
import { countRows, restoreBackup } from './load';

const KEY = 'ab'.repeat(32);
const OTHER_KEY = 'cd'.repeat(32);

/** A table with the types a portal table may hold, written exactly back. */
const TYPED = sql`CREATE TABLE typed (
  id serial PRIMARY KEY, amount numeric(30, 10), bytes bytea, doc jsonb, at timestamptz, local timestamp,
  day date, span interval, tags text[], numbers integer[], ratio double precision, flag boolean, note text)`;

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
    await source.db.execute(TYPED);
    await source.db
      .execute(sql`INSERT INTO typed (amount, bytes, doc, at, local, day, span, tags, numbers, ratio, flag, note) VALUES
      (12345678901234567890.0123456789, '\\x00ff10', '{"big": 123456789012345678901234567890, "zh": "會員\\n\\u2028", "x": [1.50, null]}',
       '2026-03-01 10:11:12.345678+08', '2026-03-01 23:59:59.999999', '2026-02-28', '1 day 02:03:04.5',
       ARRAY['a,b', 'c"d', NULL, '{}'], ARRAY[1, -2], 0.1, true, E'line\\nbreak\\ttab'),
      (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)`);
    await sourceStorage.put('a1b2.pdf', new Uint8Array([37, 80, 68, 70, 0, 255]));
    await source.db.insert(files).values({
      name: 'licence.pdf',
      contentType: 'application/pdf',
      size: 6,
      sha256: 'x',
      storageKey: 'a1b2.pdf',
    });
    await writeBackup({ database: source, storage: sourceStorage, config }, createWriteStream(archive));
  }, 60_000);

  afterAll(async () => {
    await source?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('restores every value exactly, the files, and the sequences after them', async () => {
    const manifest = await verifyArchive(archive);
    expect(manifest.tables.typed).toBe(2);
    expect(manifest.files).toEqual({ count: 1, bytes: 6 });
    expect(manifest.key).toMatchObject({ included: false });

    const target = await openDatabase({ dataDir: 'memory' });
    const storage = createMemoryStorage();
    try {
      await target.db.execute(TYPED);
      await restoreBackup(archive, manifest, { database: target, storage, config });
      expect(await rowsOf(target, 'typed')).toEqual(await rowsOf(source, 'typed'));
      expect(await rowsOf(target, 'files')).toEqual(await rowsOf(source, 'files'));
      expect(await countRows(target)).toEqual(await countRows(source));
      const stream = await storage.open('a1b2.pdf');
      expect(Buffer.from(await new Response(stream).arrayBuffer())).toEqual(Buffer.from([37, 80, 68, 70, 0, 255]));
      // The next row takes the next number, not one the archive's rows hold.
      const [next] = (await target.db.execute(sql`INSERT INTO typed (note) VALUES ('new') RETURNING id`)).rows;
      expect(next!.id).toBe(3);
    } finally {
      await target.close();
    }
  }, 60_000);

  it('refuses a database that holds rows, another master key, and leaves the target as it was', async () => {
    const manifest = await verifyArchive(archive);
    const target = await openDatabase({ dataDir: 'memory' });
    try {
      await target.db.execute(TYPED);
      await expect(
        restoreBackup(archive, manifest, {
          database: target,
          storage: createMemoryStorage(),
          config: { ...config, SECRET_KEY: OTHER_KEY },
        }),
      ).rejects.toThrow(/another master key/);
      await target.db.execute(sql`INSERT INTO typed (note) VALUES ('already here')`);
      await expect(
        restoreBackup(archive, manifest, { database: target, storage: createMemoryStorage(), config }),
      ).rejects.toThrow(/not empty \(typed hold rows\)/);
      expect((await countRows(target)).typed).toBe(1);
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
        const text = change(entry.name, entry.bytes.toString('utf8'));
        const body = entry.kind === 'file' ? entry.bytes : Buffer.from(text);
        pack.entry({ name: entry.name }, body);
      }
      pack.finalize();
      await written;
      return target;
    };
    const changed = await rewrite('changed.tar.gz', (name, text) =>
      name.startsWith('tables/typed/') ? text.replace('"flag":true', '"flag":false') : text,
    );
    await expect(verifyArchive(changed)).rejects.toThrow(/tables\/typed\/000001\.jsonl differs from its checksum/);
    const newer = await rewrite('newer.tar.gz', (name, text) =>
      name === 'manifest.json' ? text.replace('"version": 1', '"version": 2') : text,
    );
    await expect(verifyArchive(newer)).rejects.toThrow(/format version 2; this portal reads version 1/);
  }, 60_000);
});
