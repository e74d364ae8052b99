/**
 * `npm run move-to-postgres`: copies the embedded database of DATA_DIR into the empty PostgreSQL
 * database DATABASE_URL names, as a backup of one restored into the other (docs/decisions/025),
 * then counts every table on both sides and prints them. The server must be stopped (what it
 * wrote afterwards would not be moved); the stored files stay in DATA_DIR/files, where the portal
 * on PostgreSQL reads them too. The embedded database is left as it was.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { BackupError } from '../services/backup/archive';
import { backupInto, restoreFrom } from '../services/backup/operations';
import { CommandError, commandConfig, runCommand } from './command';

async function run(argv: string[]): Promise<void> {
  if (argv.length > 0) throw new CommandError('Usage: DATABASE_URL=postgres://… npm run move-to-postgres');
  const config = commandConfig();
  if (!config.DATABASE_URL)
    throw new CommandError('Set DATABASE_URL to the empty PostgreSQL database to move to (DATA_DIR is the source)');
  // The archive passes through the private data folder and is removed at the end.
  const archive = path.join(config.DATA_DIR, `move-to-postgres-${randomBytes(6).toString('hex')}.tar.gz`);
  try {
    const { manifest } = await backupInto(archive, config, 'embedded');
    const { counts } = await restoreFrom(archive, config, true);
    const width = Math.max(...Object.keys(manifest.tables).map((t) => t.length));
    const lines = Object.entries(manifest.tables).map(
      ([table, rows]) =>
        `${table.padEnd(width)}  ${String(rows).padStart(9)}  ${String(counts[table] ?? '—').padStart(9)}` +
        `${counts[table] === rows ? '' : '  ≠'}`,
    );
    const equal = Object.entries(manifest.tables).every(([table, rows]) => counts[table] === rows);
    process.stdout.write(`${'table'.padEnd(width)}   embedded   postgres\n${lines.join('\n')}\n`);
    if (!equal) throw new CommandError('The counts differ (≠ above): the move is not complete');
    process.stdout.write(
      `已搬移至 PostgreSQL：${Object.keys(counts).length} 個資料表筆數皆相符。請以 DATABASE_URL 啟動伺服器；${config.DATA_DIR}/files 仍存放檔案\n` +
        `Moved to PostgreSQL: every one of the ${Object.keys(counts).length} tables holds as many rows as before. ` +
        `Start the server with DATABASE_URL set; the files stay in ${config.DATA_DIR}/files\n`,
    );
  } finally {
    await rm(archive, { force: true });
  }
}

runCommand(
  () => run(process.argv.slice(2)),
  (error) => (error instanceof BackupError ? error.message : null),
);
