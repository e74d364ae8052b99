import { eq, isNull, and } from 'drizzle-orm';
import { ConfigError, type Config } from '../config';
import type { Db } from '../db/client';
import { systemSettings } from '../db/schema';
import { secretKeyFile } from './secrets';

/**
 * The database keeps the name of the master key its encrypted fields (national IDs, authenticator
 * secrets) and signed links were made with: the first start records it, and a process with another
 * key (a lost `DATA_DIR/secret.key`, another machine's `SECRET_KEY`, `DATA_DIR=memory` without one)
 * stops with what to do, before it writes what no other process could read.
 */
export async function checkMasterKey(
  db: Db,
  masterKeyId: string,
  config: Pick<Config, 'SECRET_KEY' | 'DATA_DIR' | 'memory'>,
): Promise<void> {
  await db
    .update(systemSettings)
    .set({ masterKeyId })
    .where(and(eq(systemSettings.id, 1), isNull(systemSettings.masterKeyId)));
  const [row] = await db
    .select({ masterKeyId: systemSettings.masterKeyId })
    .from(systemSettings)
    .where(eq(systemSettings.id, 1));
  if (!row?.masterKeyId || row.masterKeyId === masterKeyId) return;
  // With no data folder the key is SECRET_KEY or one made for this start (by the primary for its
  // workers): either way, SECRET_KEY is what to set.
  const [zh, en] = config.memory
    ? [
        'DATA_DIR=memory 不保存金鑰：請將 SECRET_KEY 設為資料庫當時使用的金鑰',
        'DATA_DIR=memory keeps no key between starts: set SECRET_KEY to the key the database was used with',
      ]
    : config.SECRET_KEY
      ? ['請將 SECRET_KEY 設為資料庫當時使用的金鑰', 'set SECRET_KEY to the key the database was used with']
      : [
          `請放回資料庫當時使用的 ${secretKeyFile(config.DATA_DIR)}（取代現在這個），或將 SECRET_KEY 設為該金鑰`,
          `put back the ${secretKeyFile(config.DATA_DIR)} the database was used with (in place of the one there now), or set SECRET_KEY to its key`,
        ];
  throw new ConfigError(
    `主金鑰與資料庫不符：資料庫的加密欄位以金鑰 ${row.masterKeyId} 寫入，本程序的金鑰是 ${masterKeyId}；${zh}。\n` +
      `The master key does not match the database: its encrypted fields were written with key ${row.masterKeyId}, ` +
      `this process has key ${masterKeyId}; ${en}.`,
  );
}
