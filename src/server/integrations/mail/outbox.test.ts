import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { logger } from '../../logger';
import { createMailer, type MailMessage, type Mailer } from './mailer';
import { enqueueMail, startOutboxWorker, type OutboxWorker } from './outbox';

const FROM = 'Portal <no-reply@example.org>';
const soon = () => new Date(Date.now() + 10 * 60_000);

function message(to: string, text = 'Your code is 123456'): MailMessage {
  return { to, subject: 'Code', text, html: `<p>${text}</p>`, locale: 'en-us' };
}

async function until<T>(probe: () => Promise<T | undefined | false> | T | undefined | false, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** An SMTP server that refuses the first `failures` mails with `code`, then keeps what it receives. */
async function smtpServer(failures = 0, code = 451) {
  const received: string[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refused < failures) {
        refused += 1;
        callback(Object.assign(new Error('Try again later'), { responseCode: code }));
      } else callback();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let database: Database;
const running: { worker: OutboxWorker; mailer: Mailer }[] = [];

function start(mailer: Mailer, retrySeconds: number[] = [60]) {
  const worker = startOutboxWorker({ db: database.db, mailer, retrySeconds, pollMs: 50 });
  running.push({ worker, mailer });
  return worker;
}

async function row(id: number) {
  const [r] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return r!;
}

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory' });
});
afterAll(async () => {
  await database.close();
});
beforeEach(() => {
  for (const level of ['info', 'warn', 'error'] as const) vi.spyOn(logger(), level).mockImplementation(() => undefined);
});
/** Stops the workers and closes their mailers (before a test's SMTP server closes: it waits for their connections). */
async function stopAll() {
  for (const { worker, mailer } of running.splice(0)) {
    await worker.stop();
    await mailer.close();
  }
}

afterEach(async () => {
  await stopAll();
  await database.db.delete(mailOutbox);
  vi.restoreAllMocks();
});

describe('mail outbox', () => {
  it('delivers a mail written in a transaction once it commits, then erases its content', async () => {
    const mailer = createMailer({ from: FROM, outboxDir: null });
    start(mailer);
    const started = Date.now();
    const id = await database.db.transaction(async (tx) => {
      const id = await enqueueMail(tx, message('a@example.org'), { kind: 'signupCode', eraseAfter: soon() });
      await new Promise((r) => setTimeout(r, 150)); // the worker looks before the commit, and again after
      return id;
    });
    await until(() => mailer.readOutbox().length === 1);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(mailer.readOutbox()[0]).toMatchObject({ to: 'a@example.org', text: 'Your code is 123456' });
    const sent = await until(async () => {
      const r = await row(id);
      return r.status === 'sent' && r;
    });
    expect(sent).toMatchObject({ text: '', html: '', subject: 'Code', attempts: 1, kind: 'signupCode' });
    expect(sent.sentAt).toBeInstanceOf(Date);
  });

  it('sends nothing for a rolled-back change', async () => {
    const mailer = createMailer({ from: FROM, outboxDir: null });
    const worker = start(mailer);
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, message('b@example.org'), { kind: 'passwordReset', eraseAfter: soon() });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await worker.drain();
    expect(mailer.readOutbox()).toEqual([]);
    expect(await database.db.select().from(mailOutbox)).toEqual([]);
  });

  it('retries a mail the SMTP server refuses for now, and delivers it later', async () => {
    const smtp = await smtpServer(2);
    try {
      const mailer = createMailer({ from: FROM, smtpUrl: smtp.url });
      start(mailer, [0.1, 0.1, 0.1]);
      const id = await enqueueMail(database.db, message('c@example.org'), { kind: 'signupCode', eraseAfter: soon() });
      await until(() => smtp.received.length === 1);
      const sent = await until(async () => {
        const r = await row(id);
        return r.status === 'sent' && r;
      });
      expect(sent).toMatchObject({ attempts: 3, text: '', html: '', lastError: null });
    } finally {
      await stopAll();
      await smtp.close();
    }
  });

  it('gives up after the last retry, or at once on a permanent refusal, and erases the content', async () => {
    const smtp = await smtpServer(100);
    const permanent = await smtpServer(100, 550);
    try {
      start(createMailer({ from: FROM, smtpUrl: smtp.url }), [0.05, 0.05]);
      const id = await enqueueMail(database.db, message('d@example.org'), { kind: 'signupCode', eraseAfter: soon() });
      const failed = await until(async () => {
        const r = await row(id);
        return r.status === 'failed' && r;
      });
      expect(failed).toMatchObject({ attempts: 3, text: '', html: '' });
      expect(failed.lastError).toMatch(/Try again later/);

      await stopAll();
      start(createMailer({ from: FROM, smtpUrl: permanent.url }), [60]);
      const other = await enqueueMail(database.db, message('e@example.org'), {
        kind: 'signupCode',
        eraseAfter: soon(),
      });
      const refused = await until(async () => {
        const r = await row(other);
        return r.status === 'failed' && r;
      });
      expect(refused.attempts).toBe(1);
    } finally {
      await stopAll();
      await smtp.close();
      await permanent.close();
    }
  });

  it('sends each mail once with several workers on one database', async () => {
    const smtp = await smtpServer();
    try {
      const mailers = [0, 1, 2].map(() => createMailer({ from: FROM, smtpUrl: smtp.url }));
      const workers = mailers.map((m) => start(m));
      const addresses = Array.from({ length: 30 }, (_, i) => `many${i}@example.org`);
      for (const to of addresses)
        await database.db.insert(mailOutbox).values({ ...message(to), kind: 'test', eraseAfter: soon() });
      await Promise.all(workers.map((w) => w.drain()));
      await until(() => smtp.received.length >= addresses.length);
      await new Promise((r) => setTimeout(r, 200));
      expect([...smtp.received].sort()).toEqual([...addresses].sort());
      const statuses = await database.db.select({ status: mailOutbox.status }).from(mailOutbox);
      expect(statuses.every((s) => s.status === 'sent')).toBe(true);
    } finally {
      await stopAll();
      await smtp.close();
    }
  });

  it('erases content past eraseAfter and gives up a mail not sent by then; deletes old rows', async () => {
    const mailer = createMailer({ from: FROM, outboxDir: null });
    const worker = start(mailer);
    await worker.stop(); // nothing is sent: only the clean-up is looked at
    const [late] = await database.db
      .insert(mailOutbox)
      .values({ ...message('f@example.org'), kind: 'test', eraseAfter: new Date(Date.now() - 1000) })
      .returning({ id: mailOutbox.id });
    const [old] = await database.db
      .insert(mailOutbox)
      .values({
        ...message('g@example.org'),
        text: '',
        html: '',
        kind: 'test',
        status: 'sent',
        eraseAfter: new Date(Date.now() - 40 * 86_400_000),
        createdAt: new Date(Date.now() - 40 * 86_400_000),
      })
      .returning({ id: mailOutbox.id });
    const cleaner = start(mailer);
    await cleaner.cleanUp();
    expect(await row(late!.id)).toMatchObject({ status: 'failed', text: '', html: '', subject: 'Code' });
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, old!.id))).toEqual([]);
    expect(mailer.readOutbox()).toEqual([]);
  });
});

describe('outbox folder (no SMTP)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'mail-outbox-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes files readable by the owner only, and deletes them after their eraseAfter', async () => {
    const folder = path.join(dir, 'outbox');
    const mailer = createMailer({ from: FROM, outboxDir: folder });
    const worker = start(mailer);
    const eraseAfter = new Date(Date.now() + 1500);
    await enqueueMail(database.db, message('h@example.org'), { kind: 'passwordReset', eraseAfter });
    await enqueueMail(database.db, message('i@example.org'), { kind: 'passwordChanged', eraseAfter: soon() });
    const files = await until(async () => {
      const names = (await readdir(folder).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
      return names.length === 2 && names;
    });
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    for (const name of files) expect((await stat(path.join(folder, name))).mode & 0o777).toBe(0o600);

    await worker.cleanUp();
    expect(await readdir(folder)).toHaveLength(2);
    await new Promise((r) => setTimeout(r, eraseAfter.getTime() + 1100 - Date.now()));
    await worker.cleanUp();
    const left = await readdir(folder);
    expect(left).toHaveLength(1);
    expect(await database.db.execute(sql`select count(*)::int as n from mail_outbox where text <> ''`)).toMatchObject({
      rows: [{ n: 0 }],
    });
  });
});

// Several processes on one PostgreSQL: each worker with a pool of its own (when a server is offered).
describe.runIf(process.env.TEST_DATABASE_URL)('mail outbox on PostgreSQL', () => {
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `outbox_test_${process.pid}_${Date.now().toString(36)}`;
  let pools: Database[] = [];

  async function adminQuery(query: string) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(query);
    await client.end();
  }

  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    for (let i = 0; i < 3; i++) pools.push(await openDatabase({ databaseUrl: url.href, dataDir: 'memory' }));
  }, 60_000);
  afterAll(async () => {
    for (const pool of pools) await pool.close();
    pools = [];
    await new Promise((r) => setTimeout(r, 500)); // the pools' connections finish closing
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('sends each mail once with three processes claiming at the same time', async () => {
    const smtp = await smtpServer();
    const started: { worker: OutboxWorker; mailer: Mailer }[] = [];
    try {
      const addresses = Array.from({ length: 40 }, (_, i) => `pg${i}@example.org`);
      for (const to of addresses)
        await pools[0]!.db.insert(mailOutbox).values({ ...message(to), kind: 'test', eraseAfter: soon() });
      for (const pool of pools) {
        const mailer = createMailer({ from: FROM, smtpUrl: smtp.url });
        started.push({ worker: startOutboxWorker({ db: pool.db, mailer, pollMs: 20 }), mailer });
      }
      await Promise.all(started.map(({ worker }) => worker.drain()));
      await until(() => smtp.received.length >= addresses.length);
      await new Promise((r) => setTimeout(r, 300));
      expect([...smtp.received].sort()).toEqual([...addresses].sort());
    } finally {
      for (const { worker, mailer } of started) {
        await worker.stop();
        await mailer.close();
      }
      await smtp.close();
    }
  });
});
