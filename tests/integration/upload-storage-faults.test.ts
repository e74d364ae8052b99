import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { files } from '../../src/server/db/schema';
import { freshDatabase } from '../setup/fresh-database';
import { type RunningServer, startServer } from '../setup/start-server';
import { type Envelope, signUpIndividual } from './helpers';
import { consoleImport, settledImport } from './import-helpers';
import { PDF } from './membership-helpers';
import { signedInOn } from './own-server';

/**
 * The upload folder (DATA_DIR/files) full or read-only, for real: a small tmpfs mounted there,
 * filled to the last block, then remounted read-only (the tests run as root, whom file modes do not
 * stop; mounting needs root too). An upload then answers HTTP 507 and -997 with a message saying
 * so in the reader's language, leaves nothing behind (no temporary or partial file, no row), and
 * the same upload succeeds once there is room or the folder is writable again.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-upload-faults-'));
const filesDir = path.join(dataDir, 'files');
const filler = path.join(filesDir, 'filler.bin');
let database: Awaited<ReturnType<typeof freshDatabase>> | null = null;
let server: RunningServer | null = null;
let member: Awaited<ReturnType<typeof signedInOn>>;
let memberId: number;

function mountFiles(options: string): void {
  execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'portal-test-files', filesDir]);
}

beforeAll(async () => {
  mkdirSync(filesDir, { mode: 0o700 });
  try {
    mountFiles('size=8m,mode=0700');
  } catch (error) {
    throw new Error('These tests mount a small tmpfs as the upload folder, which needs root', { cause: error });
  }
  database = inject('engine') === 'postgres' ? await freshDatabase() : null;
  server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url,
    SMTP_URL: inject('smtpUrl'),
    TRUST_PROXY: 'loopback',
    WORKERS: '1',
  });
  const { email, password, accountId } = await signUpIndividual({}, url());
  memberId = accountId;
  member = await signedInOn(url(), email, password);
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  if (existsSync(filesDir)) execFileSync('umount', ['-l', filesDir]);
  rmSync(dataDir, { recursive: true, force: true });
});

function url(): string {
  if (!server) throw new Error('the server is not running');
  return server.url;
}

/** Uploads an application document as the member, in `lang`. */
async function upload(lang: 'zh-tw' | 'en-us' = 'zh-tw') {
  const form = new FormData();
  form.set('purpose', 'applicationDocument');
  form.set('file', new File([PDF], 'licence.pdf'));
  const response = await fetch(`${url()}/api/amsw1001/upload`, {
    method: 'POST',
    headers: { ...member.auth, Lang: lang },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Envelope<{ fileId: number; requestId: string }> };
}

/** The bytes of an upload as the member reads them back. */
async function readBack(fileId: number): Promise<Uint8Array> {
  const response = await fetch(`${url()}/api/amsw1001/file?fileId=${fileId}`, { headers: member.auth });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** Fills the folder to its last block: not a byte more fits. */
function fill(): void {
  rmSync(filler, { force: true });
  const { bavail, bsize } = statfsSync(filesDir);
  writeFileSync(filler, Buffer.alloc(Number(bavail) * Number(bsize)));
  expect(statfsSync(filesDir).bavail).toBe(0);
}

describe('uploads when the upload folder is full or read-only', () => {
  it('refuse an upload into a full folder with 507 and a clear message, store nothing, and take it once there is room', async () => {
    fill();
    const before = readdirSync(filesDir).sort();
    const zh = await upload('zh-tw');
    expect(zh.status).toBe(507);
    expect(zh.body.code).toBe(-997);
    expect(zh.body.message).toContain('檔案空間已滿');
    expect(zh.body.data.requestId).toBeTruthy();
    expect(JSON.stringify(zh.body)).not.toMatch(/ENOSPC|at .*\.m?js|\/files\//);
    const en = await upload('en-us');
    expect(en.status).toBe(507);
    expect(en.body.message).toMatch(/file storage is full/);
    // No temporary or partial file left behind.
    expect(readdirSync(filesDir).sort()).toEqual(before);

    rmSync(filler);
    const again = await upload();
    expect(again.status).toBe(200);
    expect(again.body.code).toBe(0);
    expect(await readBack(again.body.data.fileId)).toEqual(PDF);
  });

  it('refuse an upload into a read-only folder the same way, and take it once the folder is writable again', async () => {
    execFileSync('mount', ['-o', 'remount,ro', filesDir]);
    try {
      const before = readdirSync(filesDir).sort();
      const zh = await upload('zh-tw');
      expect(zh.status).toBe(507);
      expect(zh.body.code).toBe(-997);
      expect(zh.body.message).toContain('無法寫入');
      const en = await upload('en-us');
      expect(en.body.message).toMatch(/cannot be written/);
      expect(readdirSync(filesDir).sort()).toEqual(before);
    } finally {
      execFileSync('mount', ['-o', 'remount,rw', filesDir]);
    }
    const again = await upload();
    expect(again.body.code).toBe(0);
    expect(await readBack(again.body.data.fileId)).toEqual(PDF);
  });

  it("leave no import run behind when the office's import file cannot be stored, so the next import starts at once", async () => {
    const office = await signedInOn(url(), 'admin@example.org', 'Admin2026demo');
    const table = new Blob(['會員編號,姓名\nM1,王小明\n']);
    fill();
    try {
      const refused = await consoleImport(office, { kind: 'members', encoding: 'utf-8' }, table, 'members.csv');
      expect(refused.code).toBe(-997);
      expect(refused.message).toMatch(/file storage is full/);
      const history = await office.call<{ id: number }[]>('/api/amsw1101/imports');
      expect(history.data).toEqual([]);
    } finally {
      rmSync(filler);
    }
    const started = await consoleImport(office, { kind: 'members', encoding: 'utf-8' }, table, 'members.csv');
    expect(started.code).toBe(0);
    expect((await settledImport(office, started.data.runId)).state).not.toBe('checking');
  });

  it("keep the bytes of every file row the database holds, and only the member's two uploads that succeeded", async () => {
    // The embedded database is one process's: it is read with the server stopped.
    await server?.stop();
    server = null;
    const opened = await openDatabase({ dataDir, databaseUrl: database?.url });
    try {
      const rows = await opened.db
        .select({ storageKey: files.storageKey, ownerId: files.ownerId, ownerType: files.ownerType })
        .from(files);
      const stored = new Set(readdirSync(filesDir));
      for (const row of rows) expect(stored.has(row.storageKey), row.storageKey).toBe(true);
      expect(rows.filter((r) => r.ownerType === 'individual' && r.ownerId === memberId)).toHaveLength(2);
    } finally {
      await opened.close();
    }
  });
});
