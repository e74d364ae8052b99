import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../setup/start-server';

/**
 * Every built entry started with an older Node (a cron line calling the machine's own `node`)
 * stops before it imports anything and says which Node it needs and to run it through npm,
 * instead of failing on `node:crypto`'s Argon2. The machine's own Node is older than the project's
 * (the project brings Node 24 for its scripts; Debian's is 20).
 */
const MACHINE_NODE = '/usr/bin/node';

describe('the Node version the portal needs', () => {
  it('is named, with the npm script to run instead, by every entry started on an older Node', () => {
    const version = execFileSync(MACHINE_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
    expect(Number(version.split('.')[0])).toBeLessThan(24);
    for (const [entry, script] of [
      ['import', 'npm run import'],
      ['mail', 'npm run mail'],
      ['main', 'npm start'],
    ]) {
      const run = spawnSync(MACHINE_NODE, [path.join(ROOT, `dist/front/${entry}.mjs`), 'invite'], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', DATA_DIR: 'memory' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.status, entry).toBe(1);
      expect(run.stderr).toContain(`This portal needs Node.js 24.7 or newer; this is Node.js ${version}.`);
      expect(run.stderr).toContain(`Run it with ${script} (npm puts the project's own Node 24 first)`);
      expect(run.stderr).toContain('本系統需要 Node.js 24.7 以上版本');
      expect(run.stderr).not.toContain('argon2');
    }
  });
});
