import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './start-server';

const execFileAsync = promisify(execFile);

/**
 * A PostgreSQL cluster of a test's own, in a temporary folder, that the test may stop and start
 * again (the machine's server is shared by every test and is never stopped). PostgreSQL refuses
 * to run as root: when the tests run as root (CI), its commands run as the `postgres` user,
 * which owns the folder.
 */
export interface PrivatePostgres {
  /** `postgres://postgres@127.0.0.1:PORT/postgres`. */
  url: string;
  start(): Promise<void>;
  /** `pg_ctl stop -m fast` (connections ended, a clean shutdown) or `immediate` (as a crash: recovery at the next start). */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** Stops the cluster (if running) and removes its folder. */
  remove(): Promise<void>;
}

/** The folder of PostgreSQL's server programs: `pg_config --bindir`, else the newest /usr/lib/postgresql/N/bin. */
export function postgresBinDir(): string {
  const hasServer = (dir: string) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'));
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (hasServer(dir)) return dir;
  } catch {
    // no pg_config on the PATH: look where Debian installs the server
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const dir = path.join(root, version, 'bin');
    if (hasServer(dir)) return dir;
  }
  throw new Error(
    'PostgreSQL server programs (initdb, pg_ctl) were not found: neither `pg_config --bindir` nor ' +
      '/usr/lib/postgresql/*/bin has them. Install the PostgreSQL server (Debian: postgresql) to run this test.',
  );
}

/** Creates and starts a cluster on a free port; resolves once it takes connections. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  // Asynchronous, so the test's own requests keep going while the server stops or starts.
  const run = async (program: string, args: string[]) => {
    const command = path.join(bin, program);
    try {
      await (asRoot
        ? execFileAsync('runuser', ['-u', 'postgres', '--', command, ...args])
        : execFileAsync(command, args));
    } catch (error) {
      const { stderr, stdout, message } = error as { stderr?: string; stdout?: string; message: string };
      throw new Error(`${program} ${args.join(' ')} failed: ${stderr || stdout || message}`, { cause: error });
    }
  };
  const data = path.join(dir, 'data');
  const port = await freePort();
  await run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c shared_buffers=16MB -c max_connections=60`;
  let running = false;
  const start = async () => {
    await run('pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', path.join(dir, 'server.log'), '-o', options]);
    running = true;
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    async stop(mode) {
      await run('pg_ctl', ['stop', '-w', '-t', '60', '-D', data, '-m', mode]);
      running = false;
    },
    async remove() {
      if (running) {
        try {
          await run('pg_ctl', ['stop', '-w', '-D', data, '-m', 'immediate']);
        } catch {
          // already stopped
        }
        running = false;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
