import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { builtEntry, ROOT } from '../setup/start-server';

export interface CommandRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the operators' built commands (`npm run society`, `npm run admin` …:
 * `dist/front/<name>.mjs`) as an operator would, with the server's environment.
 */
export function runCommand(name: string, args: string[], env: Record<string, string | undefined>): CommandRun {
  const run = spawnSync(...builtEntry(name, args), {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The demo society's file, as a society going live would write its own. */
export const DEMO_SOCIETY_FILE = path.join(ROOT, 'society/demo/society.yaml');
