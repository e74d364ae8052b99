/**
 * `npm run audit-verify`: walks the audit log's chain (docs/decisions/033) and says how many rows
 * verified, or names the first row that breaks it and how (exit 1). It reads and writes nothing
 * else, and works while the portal runs: on PostgreSQL it reads the database itself (as
 * DATABASE_URL's role, which may only read the log); on the embedded database it asks the running
 * server through the data folder's socket (as `npm run backup` does), or opens the folder itself
 * when no server runs. The key is the master key's, as the server's: SECRET_KEY or DATA_DIR/secret.key.
 */
import { loadSecrets } from '../auth/secrets';
import type { Config } from '../config';
import { checkAuditChain, type ChainCheck } from '../db/audit-chain';
import { DataDirLockedError, openDatabase } from '../db/client';
import { BackupError } from '../services/backup/archive';
import { requestAuditCheck } from '../services/backup/channel';
import { describeChainCheck } from '../services/staff/audit-chain-check';
import { CommandError, commandConfig, runCommand } from './command';

async function check(config: Config): Promise<{ check: ChainCheck; via: 'server' | 'database' }> {
  if (config.memory && !config.DATABASE_URL)
    throw new CommandError(
      'DATA_DIR=memory 不保存任何資料，無從驗證\nDATA_DIR=memory keeps nothing: there is nothing to verify',
    );
  const key = loadSecrets({ secretKey: config.SECRET_KEY, dataDir: config.DATA_DIR }).auditChainKey;
  let database;
  try {
    // As it is: a command that verifies changes nothing (the start step migrates and seals).
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, migrate: false });
  } catch (error) {
    if (config.DATABASE_URL || !(error instanceof DataDirLockedError)) throw error;
    return { check: await requestAuditCheck(config.DATA_DIR), via: 'server' };
  }
  try {
    return { check: await checkAuditChain(database.db, key), via: 'database' };
  } finally {
    await database.close();
  }
}

async function run(argv: string[]): Promise<void> {
  if (argv.length > 0) throw new CommandError('Usage: npm run audit-verify');
  const { check: result, via } = await check(commandConfig());
  const through = via === 'server' ? ['（經由執行中的伺服器）', ' (through the running server)'] : ['', ''];
  process.stdout.write(
    `${describeChainCheck(result, 'zh-tw')}${through[0]}\n${describeChainCheck(result, 'en-us')}${through[1]}\n`,
  );
  if (result.break) process.exitCode = 1;
}

runCommand(
  () => run(process.argv.slice(2)),
  (error) => (error instanceof BackupError ? error.message : null),
);
