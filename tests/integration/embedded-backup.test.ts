import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../setup/start-server';
import { expectMailHeldUntilReleased, expectMemberHoldings, memberHoldings } from './backup-helpers';
import { runCommand } from './commands';

// `npm run backup` while the portal runs on the embedded database (through the server's socket
// in the data folder), and `npm run restore` into an empty folder (docs/decisions/025).
describe('backing up and restoring the embedded database', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-backup-'));
  const running = path.join(folder, 'running');
  const restored = path.join(folder, 'restored');
  const other = path.join(folder, 'other');
  const archive = path.join(folder, 'portal.tar.gz');
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('backs up while the portal runs; the restored portal shows a member their receipts and files', async () => {
    const server = await startServer({ DATA_DIR: running });
    let held;
    try {
      held = await memberHoldings(server.url);
      const backup = runCommand('backup', [archive], { DATA_DIR: running });
      expect(backup.stderr).toBe('');
      expect(backup.stdout).toContain(`Backed up to ${archive}`);
      expect(backup.stdout).toContain('through the running server');
      expect(backup.stdout).toContain('The archive holds the master key (SECRET_KEY is unset)');
      expect(backup.status).toBe(0);
      // An archive is never overwritten.
      const again = runCommand('backup', [archive], { DATA_DIR: running });
      expect([again.status, again.stderr]).toEqual([1, expect.stringContaining('exists: name a new file')]);
    } finally {
      expect(await server.stop()).toBe(0);
    }

    const restore = runCommand('restore', [archive], { DATA_DIR: restored });
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toContain("every table's rows match the archive");
    expect(readFileSync(path.join(restored, 'secret.key'))).toEqual(readFileSync(path.join(running, 'secret.key')));

    const second = runCommand('restore', [archive], { DATA_DIR: restored });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain('The target database is not empty (');

    expect(restore.stdout).toContain('Mail is held: nothing is sent until npm run mail -- release');
    await expectMailHeldUntilReleased({ DATA_DIR: restored }, (base) => expectMemberHoldings(base, held!));
  }, 150_000);

  it('refuses a damaged or truncated archive before it creates anything', () => {
    const bytes = readFileSync(archive);
    const truncated = path.join(folder, 'truncated.tar.gz');
    writeFileSync(truncated, bytes.subarray(0, bytes.length - 2000));
    const refused = runCommand('restore', [truncated], { DATA_DIR: other });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('The archive is damaged or incomplete');
    expect(existsSync(other)).toBe(false);
  });
});
