import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { baseUrl, page } from './helpers';
import { latestIssue } from './journals-helpers';

const COMMAND = fileURLToPath(new URL('../../dist/front/preview-link.mjs', import.meta.url));
// An empty working folder, so no .env of the developer's is read.
const CWD = mkdtempSync(path.join(os.tmpdir(), 'preview-link-'));
afterAll(() => rmSync(CWD, { recursive: true, force: true }));

/** Runs `npm run preview-link -- …` as an operator would (the built command, the server's key). */
function previewLink(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [COMMAND, ...args],
      { cwd: CWD, env: { PATH: process.env.PATH ?? '', SECRET_KEY: inject('secretKey'), ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const addresses = (stdout: string) =>
  Object.fromEntries([...stdout.matchAll(/^\s+(zh-tw|en-us): (\S+)$/gm)].map((m) => [m[1]!, m[2]!]));

describe('npm run preview-link', () => {
  it('prints addresses in both languages that open the preview on the server', async () => {
    const pdf = (await latestIssue()).paperList[0]!.pdfFileId!;
    const run = await previewLink(['file', String(pdf)], { SITE_URL: baseUrl() });
    expect(run.code).toBe(0);
    const links = addresses(run.stdout);
    expect(links['zh-tw']).toMatch(new RegExp(`^${baseUrl()}/zh-tw/preview/file/${pdf}\\?token=`));
    expect(links['en-us']).toMatch(new RegExp(`^${baseUrl()}/en-us/preview/file/${pdf}\\?token=`));
    const zh = await page(new URL(links['zh-tw']!).pathname + new URL(links['zh-tw']!).search);
    expect(zh.status).toBe(200);
    expect(zh.html).toContain('<html lang="zh-Hant-TW"');
    const en = await page(new URL(links['en-us']!).pathname + new URL(links['en-us']!).search);
    expect(en.status).toBe(200);
    expect(en.html).toContain('<html lang="en-US"');
    expect(en.html).toContain('application/pdf');
  });

  it('makes links that last a day by default, or the minutes asked for', async () => {
    const expiry = (stdout: string) => Number(/token=(\d+)\./.exec(stdout)![1]) * 1000 - Date.now();
    const day = await previewLink(['article', '7']);
    expect(day.code).toBe(0);
    expect(expiry(day.stdout)).toBeGreaterThan(24 * 3_600_000 - 60_000);
    expect(expiry(day.stdout)).toBeLessThanOrEqual(24 * 3_600_000);
    const short = await previewLink(['event', '3', '--minutes', '5']);
    expect(expiry(short.stdout)).toBeGreaterThan(4 * 60_000);
    expect(expiry(short.stdout)).toBeLessThanOrEqual(5 * 60_000);
    expect(short.stdout).toContain('/en-us/preview/event/3?token=');
    // A member class's join page before it opens.
    const join = await previewLink(['signin', '5']);
    expect(join.code).toBe(0);
    expect(join.stdout).toContain('/zh-tw/preview/signin/5?token=');
  });

  it('uses http://localhost:PORT when no SITE_URL is set', async () => {
    const run = await previewLink(['file', '1'], { PORT: '8080' });
    expect(addresses(run.stdout)['zh-tw']).toMatch(/^http:\/\/localhost:8080\/zh-tw\/preview\/file\/1\?token=/);
  });

  it.each([
    ['no arguments', [], /Usage/],
    ['an unknown kind', ['paper', '1'], /Unknown kind "paper"/],
    ['a malformed id', ['file', 'abc'], /positive whole number/],
    ['id 0', ['event', '0'], /positive whole number/],
    ['no minutes after --minutes', ['file', '1', '--minutes'], /--minutes needs a number/],
    ['0 minutes', ['file', '1', '--minutes', '0'], /from 1 to 43200/],
    ['more than 30 days', ['file', '1', '--minutes', '43201'], /from 1 to 43200/],
    ['minutes that are not a number', ['file', '1', '--minutes=soon'], /from 1 to 43200/],
    ['an unknown option', ['file', '1', '--hours', '2'], /Unknown option --hours/],
  ])('refuses %s with a clear message and exit code 1', async (_, args, message) => {
    const run = await previewLink(args);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe('');
  });

  it('refuses to sign without a lasting key', async () => {
    const memory = await previewLink(['file', '1'], { SECRET_KEY: '', DATA_DIR: 'memory' });
    expect(memory.code).toBe(1);
    expect(memory.stderr).toMatch(/SECRET_KEY/);
    const empty = await previewLink(['file', '1'], { SECRET_KEY: '', DATA_DIR: path.join(CWD, 'data') });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/start the server once, or set SECRET_KEY/);
  });
});
