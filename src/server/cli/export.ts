/**
 * `npm run export -- members FILE`: every member in the columns `npm run import -- members` reads
 * (CSV or .xlsx by the extension), so importing the export changes nothing. The file holds national
 * IDs in full: it is made readable by its owner only, an existing file is never overwritten, and the
 * export is written to the audit log with the operating system user who ran it. On the embedded
 * database the server must be stopped; on PostgreSQL it runs at any time.
 */
import { userInfo } from 'node:os';
import { CommandError, runCommand, withRuntime } from './command';
import { exportMembers } from '../services/imports/export-members';
import { formatOf, TableFileError } from '../services/imports/table-file';
import { progressLine, tableFileErrorText } from './progress';

const USAGE = 'Usage: npm run export -- members FILE   (FILE ends in .csv or .xlsx)';

async function run(argv: string[]): Promise<void> {
  const [what, file, ...rest] = argv;
  if (what !== 'members' || !file || rest.length > 0) throw new CommandError(USAGE);
  if (!formatOf(file)) throw new TableFileError('format', file);
  const progress = progressLine('members');
  await withRuntime('export', async () => {
    const count = await exportMembers(file, {
      by: `export command (${userInfo().username})`,
      onProgress: progress.update,
    });
    progress.done();
    process.stdout.write(
      `已匯出 ${count} 位會員至 ${file}（含完整身分證字號，請妥善保管）\n` +
        `Exported ${count} members to ${file} (it holds national IDs in full: keep it safe)\n`,
    );
  }).finally(() => progress.done());
}

runCommand(
  () => run(process.argv.slice(2)),
  (error) => (error instanceof TableFileError ? tableFileErrorText(error) : null),
);
