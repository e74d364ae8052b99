import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, startTimeOf } from './client';

const folders: string[] = [];
const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function folderWithLock(content: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-lock-'));
  folders.push(folder);
  writeFileSync(path.join(folder, 'portal.lock'), content);
  return folder;
}

/** Another process that keeps running (until the test ends). */
async function runningProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child.pid!;
}

/** A process that has ended: its number is free. */
async function endedProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('the data folder lock', () => {
  it('names this process and when it started, and is removed on release', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'portal-lock-'));
    folders.push(folder);
    const release = lockDataDir(folder);
    const [pid, started] = readFileSync(path.join(folder, 'portal.lock'), 'utf8').split(' ');
    expect(Number(pid)).toBe(process.pid);
    expect(started).toBe(startTimeOf(process.pid) ?? undefined);
    release();
    expect(existsSync(path.join(folder, 'portal.lock'))).toBe(false);
  });

  it('refuses a folder another running process holds (the lock as written now, or as before: its number alone)', async () => {
    const pid = await runningProcess();
    for (const content of [`${pid} ${startTimeOf(pid) ?? ''}`.trim(), String(pid)])
      expect(() => lockDataDir(folderWithLock(content))).toThrow(DataDirLockedError);
  });

  it('takes over a lock left by a process that has ended (killed, or the machine stopped)', async () => {
    const folder = folderWithLock(String(await endedProcess()));
    const release = lockDataDir(folder);
    expect(readFileSync(path.join(folder, 'portal.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    release();
  });

  it('takes over a lock whose process number now belongs to a process that started at another time', async () => {
    const pid = await runningProcess();
    const folder = folderWithLock(`${pid} 1`);
    const release = lockDataDir(folder);
    expect(readFileSync(path.join(folder, 'portal.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    release();
  });
});
