import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SERVER_ENTRY = path.join(ROOT, 'dist/front/main.mjs');

/**
 * Node's options for every built process a test starts (servers and commands): `--liftoff-only`
 * runs the embedded database's WebAssembly with V8's baseline compiler alone. A process a test
 * starts lives seconds; the optimising compiler's tier-up of PostgreSQL's largest functions costs
 * each one some four seconds of a core and half a gigabyte it never earns back (decision record 031).
 */
export const NODE_ARGS = ['--liftoff-only'];

/** How a test runs a built entry (`main`, `settings`, `import` …): Node, its options, the file, the arguments. */
export function builtEntry(name: string, args: string[] = []): [string, string[]] {
  return [process.execPath, [...NODE_ARGS, path.join(ROOT, `dist/front/${name}.mjs`), ...args]];
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A port no one listens on now (for a server that must know its address before it starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The child processes of a server started from a test: with WORKERS above 1, the primary's workers. */
export function workerPids(primaryPid: number): number[] {
  const out = execFileSync('ps', ['-o', 'pid=', '--ppid', String(primaryPid)], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((pid) => pid > 0);
}

/**
 * Starts the built server on a free port and resolves once it listens. The ceiling is against a
 * hang, not a speed check: a start with the demo, on two cores shared with the other test runs'
 * servers and the browsers, has taken over a minute.
 */
export async function startServer(
  env: Record<string, string | undefined>,
  timeoutMs = 110_000,
): Promise<RunningServer> {
  if (!existsSync(SERVER_ENTRY)) throw new Error('No build found: run `npm run build` first (npm test does).');
  const child = spawn(...builtEntry('main'), {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start in time:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /PORTAL_LISTENING (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with ${code} before listening:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    process: child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
}

/** Runs the built server until it exits (for processes expected to refuse to start). */
export function runServerToExit(
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(...builtEntry('main'), {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

/** Runs `npm run settings` (the built command) with arguments, until it exits. */
/** Runs an operator's command of the build (`settings`, `admin`) to its end: exit code and output. */
export function runCommand(
  command: 'settings' | 'admin',
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(...builtEntry(command, args), {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}
