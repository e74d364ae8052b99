import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Db, migrationsFolder, openDatabase } from '../../src/server/db/client';
import { membershipReminders, scheduledJobs } from '../../src/server/db/schema';
import { freshDatabase } from '../setup/fresh-database';
import { startS3Server } from '../setup/s3-server';
import { type RunningServer, runServerToExit, startServer } from '../setup/start-server';
import { api, json, mailsTo, signIn, solvedCaptcha } from './helpers';
import { addMember, day } from './jobs-helpers';
import { PDF } from './membership-helpers';
import { signedInOn, signedInWith } from './own-server';

/**
 * Two machines serving one portal: two servers, each with a data folder of its own (nothing on
 * one's disk is the other's), on one PostgreSQL database, with one SECRET_KEY, their files in one
 * S3-compatible bucket (s3rver) and their mail through one SMTP server (README, "Going live": two
 * or more machines). The database is this file's own: the suite's other files change content and
 * run jobs on the shared one, and their changes would reach these servers too.
 */
let database: Awaited<ReturnType<typeof freshDatabase>>;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let db: Db;
let closeDb = async () => {};
const machines: { server: RunningServer; dataDir: string }[] = [];
const secretKey = randomBytes(32).toString('hex');

async function startMachine() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-machine-'));
  const server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    SECRET_KEY: secretKey,
    SMTP_URL: inject('smtpUrl'),
    TRUST_PROXY: 'loopback',
    WORKERS: '1',
    JOB_TICK_SECONDS: '1',
    // Without the announcement of a content change, a cached page would stay for ten minutes.
    PAGE_CACHE_TTL_MS: '600000',
    ...s3.env('portal/'),
  });
  machines.push({ server, dataDir });
  return server.url;
}

let a: string;
let b: string;
beforeAll(async () => {
  database = await freshDatabase();
  s3 = await startS3Server();
  a = await startMachine(); // migrates and seeds the demo (its pictures into the bucket)
  b = await startMachine();
  const opened = await openDatabase({ dataDir: 'memory', databaseUrl: database.url });
  db = opened.db;
  closeDb = () => opened.close();
}, 120_000);

afterAll(async () => {
  await closeDb();
  for (const { server, dataDir } of machines) {
    expect(await server.stop('SIGTERM')).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
  }
  await s3?.stop();
  await database?.drop();
});

let hosts = 0;
/** A client address of its own (the servers trust the loopback proxy's X-Forwarded-For). */
const address = () => `10.${Math.floor(Math.random() * 200) + 20}.${Math.floor(Math.random() * 250)}.${++hosts}`;

describe('two machines on one PostgreSQL database and one bucket', () => {
  it('a session made on one machine works on the other, and ends on both', async () => {
    const signedIn = await signIn('member@example.org', 'Member2026demo', 'individual', false, {
      base: a,
      from: address(),
    });
    expect(signedIn.body.code).toBe(0);
    const onA = signedInWith(a, signedIn);
    const onB = signedInWith(b, signedIn);
    const accountId = (await onA.call<{ accountId: number }>('/api/amsw0101')).data.accountId;
    // B reads the profile A's seed wrote, its national ID opened with the shared key.
    const detail = await onB.call<{ email: string; personIdMasked: string }>(
      `/api/amsw0101/detail?accountId=${accountId}`,
    );
    expect(detail.data).toMatchObject({
      email: 'member@example.org',
      personIdMasked: expect.stringMatching(/^A1.*89$/),
    });
    const centre = await onB.page('/member/center');
    expect(centre.status).toBe(200);
    expect(centre.html).toContain('林美玲');

    expect((await onB.call('/api/amsw0101/logout')).code).toBe(0);
    expect((await onA.call('/api/amsw0101')).code).toBe(-8);
  });

  it('a document uploaded through one machine is read through the other, from the bucket', async () => {
    const member = await signedInOn(a, 'student@example.org', 'Student2026demo');
    const form = new FormData();
    form.set('purpose', 'applicationDocument');
    form.set('file', new File([PDF], 'licence.pdf'));
    const stored = await member.call<{ fileId: number }>('/api/amsw1001/upload', { method: 'POST', body: form });
    expect(stored.code).toBe(0);

    const read = await fetch(`${b}/api/amsw1001/file?fileId=${stored.data.fileId}`, { headers: member.auth });
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer()).equals(Buffer.from(PDF))).toBe(true);
    // Neither machine keeps files on its own disk: the demo's pictures and the upload are in the bucket.
    for (const { dataDir } of machines) expect(existsSync(path.join(dataDir, 'files'))).toBe(false);
    expect(readdirSync(path.join(s3.directory, s3.bucket, 'portal')).length).toBeGreaterThan(1);
  });

  it('counts failed sign-ins across both machines: the limit comes at the same try as on one', async () => {
    const attacker = address();
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      // Each try's captcha is served by the other machine: captchas are the database's too.
      const [serves, checks] = i % 2 ? [a, b] : [b, a];
      const captcha = await solvedCaptcha({ base: serves, from: attacker });
      const tried = await api('/api/amsw0101/login', {
        method: 'POST',
        base: checks,
        ...json(
          { account: 'webuser@example.org', password: `Guess${i}2026pass`, ...captcha },
          { Origin: checks, 'X-Forwarded-For': attacker },
        ),
      });
      codes.push(tried.body.code);
    }
    expect(codes).toEqual([-10, -10, -10, -10, -10, -11, -11]);
    // The owner, from elsewhere, signs in on either machine at once.
    const owner = await signIn('webuser@example.org', 'Webuser2026demo', 'individual', false, {
      base: b,
      from: address(),
    });
    expect(owner.body.code).toBe(0);
  });

  it('a content change made through one machine shows at once on the other, though its pages were cached', async () => {
    const desk = await signedInOn(a, 'admin@example.org', 'Admin2026demo');
    const categories = await desk.call<{ articleCategoryList: { articleCategoryId: number }[] }>(
      '/api/amsw0301/category',
    );
    const title = `兩台機器 ${Date.now()}`;
    const read = async (base: string, page: string) => {
      const res = await fetch(base + page);
      return { cache: res.headers.get('x-cache'), html: await res.text() };
    };
    for (const page of ['/', '/news/list']) {
      await read(b, page);
      const cached = await read(b, page);
      expect(cached.cache, page).toBe('hit');
      expect(cached.html).not.toContain(title);
    }

    const saved = await desk.post<{ articleId: number }>('/api/amsw1101/content/articles/save', {
      categoryId: categories.data.articleCategoryList[0]!.articleCategoryId,
      titleZh: title,
      bodyZh: '<p>內文</p>',
      publish: true,
    });
    expect(saved.code).toBe(0);
    for (const page of ['/', '/news/list']) expect((await read(b, page)).html, page).toContain(title);

    const withdrawn = await desk.post('/api/amsw1101/content/articles/unpublish', {
      articleId: saved.data.articleId,
    });
    expect(withdrawn.code).toBe(0);
    for (const page of ['/', '/news/list']) expect((await read(b, page)).html, page).not.toContain(title);
  });

  it(
    'sends each renewal reminder exactly once, though both machines run the job at the same moment',
    {
      timeout: 120_000,
    },
    async () => {
      const members = [];
      for (let i = 0; i < 400; i += 1)
        members.push(await addMember(db, { locale: i % 2 ? 'en-us' : 'zh-tw', status: 'active', termEnd: day(7) }));
      // Beyond the scheduler's claim (which alone keeps a job to one process): the job's row is made
      // due and unleased again and again, so both machines run it, and with this many members one
      // run outlasts the other machine's next tick: they run at once, and only the reminder's unique
      // key (insert … on conflict do nothing returning, then the mail) stands between them and a
      // second mail. Writing the mail whatever the insert returned fails this test.
      const deadline = Date.now() + 6000;
      while (Date.now() < deadline) {
        await db
          .update(scheduledJobs)
          .set({ nextRunAt: sql`now()`, lockedUntil: null })
          .where(eq(scheduledJobs.name, 'renewalReminders'));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      for (const member of members) await mailsTo(member.email, 1, 15_000);
      await new Promise((resolve) => setTimeout(resolve, 1500)); // anything sent twice has arrived too
      for (const member of members) expect(await mailsTo(member.email, 2, 0), member.email).toHaveLength(1);
      const rows = await db
        .select({ kind: membershipReminders.kind })
        .from(membershipReminders)
        .where(
          inArray(
            membershipReminders.membershipId,
            members.map((m) => m.membershipId),
          ),
        );
      expect(rows).toHaveLength(members.length);
      expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(['before7']));
    },
  );

  it('machines starting at once apply a release’s migrations once, in turn', async () => {
    const empty = await freshDatabase();
    try {
      const opened = await Promise.all([0, 1].map(() => openDatabase({ dataDir: 'memory', databaseUrl: empty.url })));
      const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      const applied = await opened[0]!.db.execute<{ count: number }>(
        sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`,
      );
      expect(applied.rows[0]!.count).toBe(journal.entries.length);
      for (const database of opened) await database.close();
    } finally {
      await empty.drop();
    }
  });

  it('a machine whose bucket cannot be used refuses to start, and says why', async () => {
    const refused = await runServerToExit({
      DATA_DIR: 'memory',
      DATABASE_URL: database.url,
      SECRET_KEY: secretKey,
      ...s3.env(),
      S3_BUCKET: 'missing-bucket',
    });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      `File storage (FILE_STORAGE=s3): the bucket missing-bucket at ${s3.endpoint} cannot be used: the bucket does not exist`,
    );
    expect(refused.output).not.toMatch(/\bat .*\.m?js:\d+/); // no stack
  });
});
