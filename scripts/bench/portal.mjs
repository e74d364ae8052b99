// The benches' common ground: the built server started as a child process (and every child stopped
// whatever happens), a throw-away PostgreSQL database, and the machine and commit a run measured.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const HOST = '127.0.0.1';
export const root = fileURLToPath(new URL('../..', import.meta.url));
export const serverEntry = path.join(root, 'dist', 'front', 'main.mjs');
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

/** The children still running: { name, proc } (see `stopChild`). */
export const children = new Set();

/** SIGTERM, then wait for the exit (SIGKILL after STOP_TIMEOUT_MS). */
export function stopChild(child) {
  children.delete(child);
  const { proc } = child;
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => {
      process.stderr.write(`${child.name} did not stop within ${STOP_TIMEOUT_MS} ms after SIGTERM: killing it\n`);
      proc.kill('SIGKILL');
    }, STOP_TIMEOUT_MS);
    proc.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    proc.kill('SIGTERM');
  });
}

export async function stopAll() {
  await Promise.all([...children].map(stopChild));
}

// Last resort (an exit we did not plan): no child is left behind.
process.on('exit', () => {
  for (const { proc } of children) if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
});

/** The Node that runs the servers: the project's Node 24 when present (npm scripts use it too). */
export function serverNode() {
  const local = path.join(root, 'node_modules', '.bin', 'node');
  return existsSync(local) ? local : process.execPath;
}

/**
 * Starts dist/front/main.mjs on port 0 with `env` added and resolves to { child, port } once it
 * listens. With `log` (an array), the portal logs its requests and the lines are kept there.
 */
export function startPortal(nodeBin, env = {}, log = null) {
  const proc = spawn(nodeBin, [serverEntry], {
    cwd: root,
    env: { ...process.env, DATA_DIR: 'memory', PORT: '0', HOST, LOG_LEVEL: log ? 'info' : 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const child = { name: 'portal', proc, unexpectedExit: null, log };
  children.add(child);

  return new Promise((resolve, reject) => {
    let listening = false;
    let pending = '';
    const stderrTail = [];
    const timer = setTimeout(
      () => reject(new Error(`the portal did not print PORTAL_LISTENING within ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );

    proc.stdout.setEncoding('utf8');
    proc.stdout.on('data', (text) => {
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop();
      for (const line of lines) {
        const m = /^PORTAL_LISTENING (\d+)\s*$/.exec(line);
        if (m && !listening) {
          listening = true;
          clearTimeout(timer);
          resolve({ child, port: Number(m[1]) });
        } else if (log) {
          log.push(line);
        } else if (line.trim()) {
          process.stdout.write(`[portal] ${line}\n`); // warnings and errors (LOG_LEVEL=warn)
        }
      }
    });
    proc.stderr.setEncoding('utf8');
    proc.stderr.on('data', (text) => {
      stderrTail.push(text);
      if (stderrTail.length > 50) stderrTail.shift();
      process.stderr.write(text.replace(/^(?=.)/gm, '[portal] '));
    });
    proc.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!children.has(child)) return; // stopped by us
      children.delete(child);
      child.unexpectedExit = `exit ${code ?? signal}`;
      if (!listening)
        reject(new Error(`the portal stopped before listening (${child.unexpectedExit})\n${stderrTail.join('')}`));
      else process.stderr.write(`The portal stopped during the run (${child.unexpectedExit}).\n`);
    });
  });
}

/** The PostgreSQL server to make the bench's database on, and where that choice came from. */
export async function postgresServer() {
  if (process.env.BENCH_DATABASE_URL)
    return { url: process.env.BENCH_DATABASE_URL, from: 'the server of BENCH_DATABASE_URL' };
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, from: 'the server of DATABASE_URL' };
  const url = 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return { url, from: 'the server answering at 127.0.0.1:5432' };
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A fresh database on the PostgreSQL server at `serverUrl`, dropped by `drop()`. */
export async function createBenchDatabase(serverUrl, prefix = 'portal_bench') {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The machine the figures are of: CPU, cores, memory, system and the servers' Node. */
export function machine(nodeBin) {
  const cpus = os.cpus();
  const nodeVersion = spawnSync(nodeBin, ['--version'], { encoding: 'utf8' }).stdout.trim() || process.version;
  return {
    cpu: cpus[0]?.model?.trim() ?? 'unknown',
    cores: os.availableParallelism?.() ?? cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: nodeVersion,
    loadGeneratorNode: process.version,
    autocannon: JSON.parse(readFileSync(path.join(root, 'node_modules', 'autocannon', 'package.json'), 'utf8')).version,
  };
}

/** The commit measured, and whether the work tree differs from it. */
export function gitState() {
  const run = (args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  const head = run(['rev-parse', '--short', 'HEAD']);
  if (head.status !== 0) return null;
  return { commit: head.stdout.trim(), dirty: run(['status', '--porcelain']).stdout.trim() !== '' };
}

/** A number from the environment, checked, so a typo cannot start an endless or empty run. */
export function envNumber(name, fallback, { min, max, integer = false }) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  return checkedNumber(name, raw, { min, max, integer });
}

/** `raw` as a number from `min` to `max` (whole when `integer`), or an error naming `name`. */
export function checkedNumber(name, raw, { min, max, integer = false }) {
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
    throw new Error(`${name}=${raw}: expected ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}`);
  }
  return value;
}

/** The value at percentile `p` of sorted numbers (null for none). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}
