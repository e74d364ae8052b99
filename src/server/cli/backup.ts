/**
 * `npm run backup -- FILE`: one archive of the database and the stored files, consistent, while
 * the portal runs (docs/decisions/025). On PostgreSQL it reads the database itself; on the embedded
 * database it asks the running server through the data folder's backup socket, or opens the folder
 * itself when no server runs. The archive holds everything the database holds (password hashes,
 * encrypted national IDs, and the generated master key when SECRET_KEY is unset): it is made
 * readable by its owner only, and an existing file is never overwritten.
 */
import { BackupError } from '../services/backup/archive';
import { backupInto } from '../services/backup/operations';
import { commandConfig, fileArgument, runCommand } from './command';

const USAGE = 'Usage: npm run backup -- FILE   (e.g. backups/portal-2026-05-01.tar.gz)';

async function run(argv: string[]): Promise<void> {
  const file = fileArgument(argv, USAGE);
  const config = commandConfig();
  const { manifest, via } = await backupInto(file, config);
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  const mb = (manifest.files.bytes / 1024 / 1024).toFixed(1);
  process.stdout.write(
    `已備份至 ${file}：${Object.keys(manifest.tables).length} 個資料表 ${rows} 筆、${manifest.files.count} 個檔案（${mb} MB）` +
      `${via === 'server' ? '，經由執行中的伺服器' : ''}。請如同資料庫般妥善保管，並複製到本機以外\n` +
      `Backed up to ${file}: ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.files.count} files (${mb} MB)` +
      `${via === 'server' ? ', through the running server' : ''}. Keep it as carefully as the database, and copy it off this machine\n` +
      (manifest.key?.included
        ? '備份檔含主金鑰（未設定 SECRET_KEY）\nThe archive holds the master key (SECRET_KEY is unset)\n'
        : manifest.key
          ? `還原時需要相同的 SECRET_KEY（金鑰代號 ${manifest.key.id}）\nA restore needs the same SECRET_KEY (key id ${manifest.key.id})\n`
          : ''),
  );
}

runCommand(
  () => run(process.argv.slice(2)),
  (error) => (error instanceof BackupError ? error.message : null),
);
