// The embedded database a new one starts from. PGlite runs PostgreSQL's initdb in WebAssembly for
// every database it creates, some four seconds of a core; the build runs it once
// (scripts/build-front.mjs writes the result beside the bundle) and a database that does not exist
// yet, in memory or in a new DATA_DIR, starts as a copy of it (decision record 030). It is what
// initdb writes and nothing more: the migrations run at each start as before, so a restore still
// finds an empty database. Plain JavaScript, for the build script and the database's thread alike.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const ARCHIVE = 'initial-database.tar.gz';
const STAMP = 'initial-database.json';

/** The version of the PGlite this process runs (a data folder is read by the PGlite that wrote it). */
function pgliteVersion() {
  const manifest = new URL('../package.json', import.meta.resolve('@electric-sql/pglite'));
  return JSON.parse(readFileSync(manifest, 'utf8')).version;
}

/** Writes the initial database into `folder` (the build's, beside the database's thread). */
export async function writeInitialDatabase(folder) {
  const db = new PGlite();
  try {
    await db.waitReady;
    const archive = await db.dumpDataDir('gzip');
    writeFileSync(path.join(folder, ARCHIVE), Buffer.from(await archive.arrayBuffer()));
    writeFileSync(path.join(folder, STAMP), `${JSON.stringify({ pglite: pgliteVersion() })}\n`);
  } finally {
    await db.close();
  }
}

/**
 * PGlite's options for a database in `dataDir` (null: in memory): it loads the initial database of
 * `folder` when the database does not exist yet and that one was made by this PGlite; otherwise
 * it opens the database as it is, or (no initial database, as from the sources) runs initdb.
 */
export function pgliteOptions(dataDir, folder) {
  return { dataDir: dataDir ?? undefined, loadDataDir: initialDatabase(dataDir, folder) };
}

function initialDatabase(dataDir, folder) {
  if (dataDir && existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  const stamp = path.join(folder, STAMP);
  if (!existsSync(stamp) || JSON.parse(readFileSync(stamp, 'utf8')).pglite !== pgliteVersion()) return undefined;
  return new Blob([readFileSync(path.join(folder, ARCHIVE))]);
}
