import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../setup/fresh-database';
import { startServer } from '../setup/start-server';
import { expectMailHeldUntilReleased, expectMemberHoldings, memberHoldings } from './backup-helpers';
import { runCommand } from './commands';

// Moving an embedded portal to PostgreSQL, then backing it up while it runs there and restoring
// it into a new database (docs/decisions/025). PostgreSQL only (vitest.config.ts).
describe('moving to PostgreSQL, and backups on it', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-backup-pg-'));
  const embedded = path.join(folder, 'embedded');
  const restoredFiles = path.join(folder, 'restored');
  const archive = path.join(folder, 'portal.tar.gz');
  const databases: Awaited<ReturnType<typeof freshDatabase>>[] = [];
  afterAll(async () => {
    for (const database of databases) await database.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('moves the embedded database, backs it up while it runs and restores it; members find their receipts', async () => {
    const [moved, restored] = [await freshDatabase(), await freshDatabase()];
    databases.push(moved, restored);

    const first = await startServer({ DATA_DIR: embedded, DATABASE_URL: undefined });
    let held;
    try {
      held = await memberHoldings(first.url);
    } finally {
      await first.stop();
    }

    const move = runCommand('move-to-postgres', [], { DATA_DIR: embedded, DATABASE_URL: moved.url });
    expect(move.stderr).toBe('');
    expect(move.status).toBe(0);
    const counts = move.stdout
      .split('\n')
      .map((line) => /^([a-z_]+)\s+(\d+)\s+(\d+)$/.exec(line))
      .filter((m) => m !== null);
    expect(counts.length).toBeGreaterThan(50);
    for (const [, table, before, after] of counts) expect(after, table).toBe(before);
    expect(counts.find(([, table]) => table === 'accounts')![2]).not.toBe('0');
    expect(move.stdout).toContain('Moved to PostgreSQL');
    expect(existsSync(path.join(embedded, 'pglite'))).toBe(true);

    const onPostgres = await startServer({ DATA_DIR: embedded, DATABASE_URL: moved.url });
    let heldThere;
    try {
      await expectMemberHoldings(onPostgres.url, held!);
      heldThere = await memberHoldings(onPostgres.url);
      const backup = runCommand('backup', [archive], { DATA_DIR: embedded, DATABASE_URL: moved.url });
      expect(backup.stderr).toBe('');
      expect(backup.stdout).toContain(`Backed up to ${archive}`);
      expect(backup.status).toBe(0);
    } finally {
      await onPostgres.stop();
    }

    const env = { DATA_DIR: restoredFiles, DATABASE_URL: restored.url };
    const restore = runCommand('restore', [archive], env);
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toContain("every table's rows match the archive");
    const again = runCommand('restore', [archive], env);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('The target database is not empty (it has');

    expect(restore.stdout).toContain('Mail is held: nothing is sent until npm run mail -- release');
    await expectMailHeldUntilReleased(env, (base) => expectMemberHoldings(base, heldThere!));
  }, 240_000);
});
