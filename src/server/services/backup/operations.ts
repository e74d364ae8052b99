/**
 * The operators' backup steps on the configured portal (`npm run backup`, `restore`,
 * `move-to-postgres`): an archive written into a new file and checked, and an archive restored.
 */
import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import { link, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { secureDataDir } from '../../data-dir';
import { DataDirLockedError, openDatabase, type Database } from '../../db/client';
import { createStorage } from '../../integrations/storage';
import { BackupError, verifyArchive, type Manifest } from './archive';
import { requestBackup } from './channel';
import { writeBackup } from './dump';
import { countRows, restoreBackup } from './load';

const nothingKept = () =>
  new BackupError(
    'DATA_DIR=memory 不保存任何資料，無從備份或還原',
    'DATA_DIR=memory keeps nothing: there is nothing to back up or restore into',
  );

/** Opens the embedded database in DATA_DIR, which must hold one. */
async function openEmbedded(config: Config, migrate: boolean): Promise<Database> {
  if (!existsSync(path.join(config.DATA_DIR, 'pglite')))
    throw new BackupError(
      `${path.resolve(config.DATA_DIR)} 沒有內建資料庫`,
      `There is no embedded database in ${path.resolve(config.DATA_DIR)}`,
    );
  return openDatabase({ dataDir: config.DATA_DIR, migrate });
}

export interface BackupMade {
  manifest: Manifest;
  /** Through the running server's channel, or from the database opened here. */
  via: 'server' | 'database';
}

/**
 * Writes an archive of the portal's data into `file` (a new file, 0600; written as `FILE.partial`
 * and named `file` once checked whole). `from: 'configured'` backs up the configured database,
 * the embedded one through its running server when there is one, as it is (no migration);
 * `from: 'embedded'` the embedded database of DATA_DIR with the server stopped, migrated first.
 */
export async function backupInto(
  file: string,
  config: Config,
  from: 'configured' | 'embedded' = 'configured',
): Promise<BackupMade> {
  if (config.memory) throw nothingKept();
  if (existsSync(file))
    throw new BackupError(
      `${file} 已存在：請指定新的檔名（備份不會覆寫檔案）`,
      `${file} exists: name a new file (a backup never overwrites one)`,
    );
  const partial = `${file}.partial`;
  const out = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  try {
    await once(out, 'open');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    throw new BackupError(
      `${partial} 已存在（先前的備份中斷了）：請移除它再試`,
      `${partial} exists (left by a backup that stopped): remove it, then try again`,
    );
  }
  let via: BackupMade['via'] = 'database';
  try {
    const source = async (): Promise<Database | null> => {
      if (from === 'configured' && config.DATABASE_URL)
        return openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, migrate: false });
      try {
        return await openEmbedded(config, from === 'embedded');
      } catch (error) {
        if (from === 'configured' && error instanceof DataDirLockedError) return null;
        throw error;
      }
    };
    const database = await source();
    if (database) {
      try {
        await writeBackup({ database, storage: await createStorage(config), config }, out);
      } finally {
        await database.close();
      }
    } else {
      via = 'server';
      await requestBackup(config.DATA_DIR, out);
    }
    const manifest = await verifyArchive(partial);
    // Named without overwriting: a link fails if the name was taken meanwhile (a rename where links are not offered).
    await link(partial, file).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST' || existsSync(file)) throw error;
      await rename(partial, file);
    });
    return { manifest, via };
  } catch (error) {
    out.destroy();
    throw error;
  } finally {
    await rm(partial, { force: true });
  }
}

/**
 * Restores `file` into the configured database (a new one: an embedded one is created) and file
 * storage, after checking the archive whole, with its outbox held unless `moving` (the same portal
 * moving to PostgreSQL). Answers its manifest and the rows per table the database holds afterwards.
 */
export async function restoreFrom(
  file: string,
  config: Config,
  moving = false,
): Promise<{ manifest: Manifest; counts: Record<string, number> }> {
  if (config.memory) throw nothingKept();
  if (!existsSync(file)) throw new BackupError(`找不到 ${file}`, `${file} does not exist`);
  const manifest = await verifyArchive(file);
  secureDataDir(config.DATA_DIR);
  // Not migrated here: the restore migrates it in its own transaction.
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, migrate: false });
  try {
    await restoreBackup(file, manifest, { database, storage: await createStorage(config), config, moving });
    return { manifest, counts: await countRows(database) };
  } finally {
    await database.close();
  }
}
