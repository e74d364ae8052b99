import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, inject } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { freshDatabase } from '../setup/fresh-database';
import { builtEntry, startServer } from '../setup/start-server';
import type { signedInOn } from './own-server';

export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Valid national IDs (B + sex digit + seven digits + check digit) for the people a test brings in. */
export function personId(n: number): string {
  const body = `B${n % 2 ? 1 : 2}${String(n % 10_000_000).padStart(7, '0')}`;
  const digits = [1, 1, ...body.slice(1).split('').map(Number)];
  const weights = [1, 9, 8, 7, 6, 5, 4, 3, 2, 1];
  const sum = digits.reduce((acc, d, i) => acc + d * weights[i]!, 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/**
 * A database of the file's own with the demo society, with no server on it (on the embedded
 * database a folder of its own, on PostgreSQL a database of its own), for the operators' import
 * and export commands; its files (the data to import, reports) in a temporary folder.
 */
export function importSuite() {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'portal-import-'));
  let database: Awaited<ReturnType<typeof freshDatabase>> | null = null;
  const env: Record<string, string> = {
    DATA_DIR: path.join(folder, 'data'),
    SECRET_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
  };
  beforeAll(async () => {
    if (inject('engine') === 'postgres') {
      database = await freshDatabase();
      env.DATABASE_URL = database.url;
    }
    // Creates, migrates and seeds the demo society.
    const first = await command('settings', []);
    if (first.code !== 0) throw new Error(first.stderr);
  }, 120_000);
  afterAll(async () => {
    await database?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  /** Runs a built command (`npm run import -- …`, `export`, `settings`) to its end. */
  function command(name: 'import' | 'export' | 'settings', args: string[]): Promise<CommandRun> {
    const child = spawn(...builtEntry(name, args), {
      cwd: folder,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
  }

  return {
    folder,
    env,
    command,
    /** `npm run import -- …` */
    run: (...args: string[]) => command('import', args),
    /** Writes a CSV file into the folder (cells quoted where needed) and answers its name. */
    csv(name: string, rows: string[][]): string {
      const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
      writeFileSync(path.join(folder, name), `${rows.map((r) => r.map(quote).join(',')).join('\n')}\n`);
      return name;
    },
    /** Runs SQL on the suite's database while no command runs (the embedded database is one process's). */
    async query<T = Record<string, unknown>>(text: string): Promise<T[]> {
      const opened = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR! });
      try {
        return ((await opened.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
      } finally {
        await opened.close();
      }
    },
    /** Starts the built server on the suite's database (mail to the project's catcher). */
    server: () => startServer({ ...env, SMTP_URL: inject('smtpUrl'), TRUST_PROXY: 'loopback', WORKERS: '1' }),
  };
}

/** An import run as the console's import page reads it (`GET /api/amsw1101/imports?runId=`). */
export interface ImportRun {
  id: number;
  state: string;
  totalLines: number;
  linesRead: number;
  report: { new: number; changed: number; unchanged: number; refused: number; lines: number } | null;
  refusals: { line: number; problems: { column: Record<string, string> | null; text: Record<string, string> }[] }[];
  hasRejects: boolean;
  error: Record<string, string> | null;
}

type Staff = Awaited<ReturnType<typeof signedInOn>>;

/** Uploads a file to the console's import (its dry run starts at once): the run's id. */
export function consoleImport(
  staff: Staff,
  fields: Record<string, string>,
  file: Blob,
  name: string,
  lang: 'en-us' | 'zh-tw' = 'en-us',
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', file, name);
  return staff.call<{ runId: number }>('/api/amsw1101/imports', {
    method: 'POST',
    body: form,
    headers: { Lang: lang },
  });
}

/** The import run once its dry run or its apply has finished. */
export async function settledImport(staff: Staff, runId: number): Promise<ImportRun> {
  for (let i = 0; i < 120; i++) {
    const run = await staff.call<ImportRun>(`/api/amsw1101/imports?runId=${runId}`);
    if (!['checking', 'applying'].includes(run.data.state)) return run.data;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the import did not settle');
}
