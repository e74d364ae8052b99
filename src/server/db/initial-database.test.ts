import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteOptions, writeInitialDatabase } from './initial-database.mjs';

describe('the initial embedded database', () => {
  const built = mkdtempSync(path.join(tmpdir(), 'initial-database-'));
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'initial-folder-')), 'pglite');
  beforeAll(() => writeInitialDatabase(built), 60_000);
  afterAll(() => {
    rmSync(built, { recursive: true, force: true });
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  const settings = (db: PGlite) =>
    db.query(
      `SELECT current_setting('server_encoding') AS encoding, (SELECT datcollate FROM pg_database WHERE datname = current_database()) AS collate,
              current_setting('TimeZone') AS zone,
              (SELECT count(*)::int FROM pg_namespace WHERE nspname NOT LIKE 'pg_%' AND nspname <> 'information_schema') AS schemas,
              (SELECT count(*)::int FROM pg_tables WHERE schemaname = 'public') AS tables`,
    );

  it('starts a database in memory as the one initdb makes: empty, in UTF-8', async () => {
    const options = pgliteOptions(null, built);
    expect(options.loadDataDir).toBeInstanceOf(Blob);
    const copy = new PGlite(options);
    const fresh = new PGlite();
    try {
      const [ofCopy, ofFresh] = await Promise.all([settings(copy), settings(fresh)]);
      expect(ofCopy.rows).toEqual(ofFresh.rows);
      expect(ofCopy.rows[0]).toMatchObject({ encoding: 'UTF8', schemas: 1, tables: 0 });
    } finally {
      await Promise.all([copy.close(), fresh.close()]);
    }
  }, 60_000);

  it('starts a new data folder from it, which then opens as it is', async () => {
    const first = new PGlite(pgliteOptions(dataDir, built));
    expect(first.dataDir).toBe(dataDir);
    await first.exec('CREATE TABLE kept (note text); INSERT INTO kept VALUES ($$written once$$)');
    await first.close();
    expect(pgliteOptions(dataDir, built)).toEqual({ dataDir, loadDataDir: undefined });
    const again = new PGlite(pgliteOptions(dataDir, built));
    try {
      expect((await again.query('SELECT note FROM kept')).rows).toEqual([{ note: 'written once' }]);
    } finally {
      await again.close();
    }
  }, 60_000);

  it('is not used when another PGlite made it, or when the build has none (initdb runs instead)', () => {
    expect(pgliteOptions(null, tmpdir()).loadDataDir).toBeUndefined();
    const other = mkdtempSync(path.join(tmpdir(), 'initial-other-'));
    try {
      writeFileSync(path.join(other, 'initial-database.json'), JSON.stringify({ pglite: '0.0.1' }));
      writeFileSync(path.join(other, 'initial-database.tar.gz'), '');
      expect(pgliteOptions(null, other).loadDataDir).toBeUndefined();
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
