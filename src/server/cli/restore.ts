/**
 * `npm run restore -- FILE`: puts a backup archive (`npm run backup`) into an empty portal: the
 * embedded database of an empty DATA_DIR, or an empty PostgreSQL database (DATABASE_URL), and the
 * stored files. It refuses a database that holds anything, an archive that is damaged or of
 * another format version or migration level, and a configured key the archive's encrypted fields
 * do not open (docs/decisions/025). The portal is stopped meanwhile.
 */
import { BackupError } from '../services/backup/archive';
import { restoreFrom } from '../services/backup/operations';
import { commandConfig, fileArgument, runCommand } from './command';

const USAGE = 'Usage: npm run restore -- FILE   (an archive written by npm run backup)';

async function run(argv: string[]): Promise<void> {
  const file = fileArgument(argv, USAGE);
  const config = commandConfig();
  const { manifest, counts } = await restoreFrom(file, config);
  const rows = Object.values(counts).reduce((a, b) => a + b, 0);
  const where = config.DATABASE_URL ? 'PostgreSQL' : config.DATA_DIR;
  process.stdout.write(
    `已自 ${file}（${manifest.createdAt}）還原至 ${where}：${rows} 筆資料、${manifest.files.count} 個檔案，各資料表筆數與備份相符\n` +
      `Restored ${file} (made ${manifest.createdAt}) into ${where}: ${rows} rows, ${manifest.files.count} files; every table's rows match the archive\n`,
  );
  // A restored copy must not mail members what the original sent or will send (docs/decisions/025).
  process.stdout.write(
    '郵件已暫停寄出：放行（npm run mail -- release 或管理後台「郵件寄送」）之前不會寄出任何郵件，包括備份時寄件匣中待寄的郵件\n' +
      'Mail is held: nothing is sent until npm run mail -- release (or the staff console, /staff/settings/mail), not even the mails waiting in the outbox at backup time\n',
  );
}

runCommand(
  () => run(process.argv.slice(2)),
  (error) => (error instanceof BackupError ? error.message : null),
);
