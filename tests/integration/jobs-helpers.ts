import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { inject } from 'vitest';
import { addDays, taipeiDate } from '../../src/lib/calendar-date';
import type { MembershipStatus } from '../../src/lib/membership/terms';
import { type Db, openDatabase } from '../../src/server/db/client';
import { accounts, applications, memberClasses, memberships, orders, scheduledJobs } from '../../src/server/db/schema';
import { freshDatabase } from '../setup/fresh-database';
import { type RunningServer, startServer } from '../setup/start-server';
import { mailsTo } from './helpers';

/** The public address the test servers mail links from. */
export const SITE_URL = 'https://portal.example.org';

/**
 * A demo society of its own for the background jobs, kept between server starts: the embedded
 * database in a folder (opened by the test while the server is stopped, PGlite being one process's)
 * or a PostgreSQL database of its own. Cases are written into the database as the dates make them
 * (a term that ended yesterday), then a start runs every job at its first tick.
 */
export async function jobsSite() {
  const onPostgres = inject('engine') === 'postgres';
  const database = onPostgres ? await freshDatabase() : null;
  const dataDir = onPostgres ? null : mkdtempSync(path.join(tmpdir(), 'portal-jobs-'));
  let server: RunningServer | null = null;
  const env = {
    DATA_DIR: dataDir ?? 'memory',
    SECRET_KEY: randomBytes(32).toString('hex'),
    DATABASE_URL: database?.url,
    SMTP_URL: inject('smtpUrl'),
    SITE_URL,
    WORKERS: '1',
    JOB_TICK_SECONDS: '1',
  };
  return {
    env,
    async start() {
      server = await startServer(env);
      return server;
    },
    async stop() {
      await server?.stop();
      server = null;
    },
    url() {
      if (!server) throw new Error('the server is not running');
      return server.url;
    },
    /** Works on the database with the server stopped (the embedded one allows one process). */
    async withDb<T>(work: (db: Db) => Promise<T>): Promise<T> {
      if (server) throw new Error('stop the server first');
      const opened = await openDatabase({ dataDir: dataDir ?? 'memory', databaseUrl: database?.url });
      try {
        return await work(opened.db);
      } finally {
        await opened.close();
      }
    },
    async drop() {
      await server?.stop();
      await database?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const today = () => taipeiDate();
export const day = (offset: number) => addDays(taipeiDate(), offset);

/** Every job due at the next tick, as if its hour had come. */
export async function jobsDue(db: Db): Promise<void> {
  await db.delete(scheduledJobs);
}

let people = 0;

/** A new account, with nothing else: its address is its own, so the mails to it are this test's. */
export async function addAccount(db: Db, locale: 'zh-tw' | 'en-us' = 'zh-tw') {
  people += 1;
  const tag = `${Date.now().toString(36)}${people}${randomBytes(3).toString('hex')}`;
  const email = `jobs-${tag}@example.org`;
  const [account] = await db
    .insert(accounts)
    .values({
      email,
      passwordHash: 'unused',
      nameZh: '陳怡君',
      nameEn: 'Yi-chun Chen',
      personIdEncrypted: 'unused',
      personIdHash: `jobs-${tag}`,
      birthDate: '1985-04-12',
      preferredLocale: locale,
    })
    .returning({ id: accounts.id });
  return { accountId: account!.id, email, tag };
}

export async function classId(db: Db, code: string): Promise<number> {
  const [row] = await db.select({ id: memberClasses.id }).from(memberClasses).where(eq(memberClasses.code, code));
  return row!.id;
}

/** A member whose dates are as given and whose recorded status is `status`. */
export async function addMember(
  db: Db,
  input: {
    locale?: 'zh-tw' | 'en-us';
    classCode?: string;
    status: MembershipStatus;
    termEnd: string | null;
    pausedFrom?: string;
    lastDay?: string;
  },
) {
  const account = await addAccount(db, input.locale);
  const [membership] = await db
    .insert(memberships)
    .values({
      accountId: account.accountId,
      memberNo: `J-${account.tag}`,
      classId: await classId(db, input.classCode ?? 'regular'),
      status: input.status,
      joinedOn: '2020-03-01',
      termStart: input.termEnd ? addDays(input.termEnd, -364) : '2020-03-01',
      termEnd: input.termEnd,
      pausedFrom: input.pausedFrom ?? null,
      lastDay: input.lastDay ?? null,
    })
    .returning({ id: memberships.id });
  return { ...account, membershipId: membership!.id };
}

let applicationNumbers = 0;

/** An application written as the portal would have left it. */
export async function addApplication(
  db: Db,
  accountId: number,
  values: Partial<typeof applications.$inferInsert> & Pick<typeof applications.$inferInsert, 'type' | 'state'>,
) {
  applicationNumbers += 1;
  const [app] = await db
    .insert(applications)
    .values({
      number: `JOB-${Date.now().toString(36)}-${applicationNumbers}`,
      accountId,
      reviewed: false,
      locale: 'zh-tw',
      submittedAt: new Date(),
      ...values,
    })
    .returning();
  return app!;
}

/** A joining applicant asked to pay by `dueAt`, with the unpaid order (NT$300). */
export async function awaitingPayment(db: Db, dueAt: Date) {
  const account = await addAccount(db);
  const app = await addApplication(db, account.accountId, {
    type: 'join',
    state: 'awaitingPayment',
    amount: 300,
    dueAt,
  });
  const [order] = await db
    .insert(orders)
    .values({
      number: `JOB-O-${app.id}`,
      accountId: account.accountId,
      applicationId: app.id,
      description: { 'zh-tw': '入會', 'en-us': 'Joining' },
      amount: 300,
      dueAt,
    })
    .returning();
  return { ...account, app, order: order! };
}

/** The mails to an address after a job has had time to write and send them. */
export async function settledMails(address: string, expected: number) {
  // Wait for what is expected, then a little longer for anything that should not be there.
  await mailsTo(address, expected, 15_000);
  return mailsTo(address, expected + 1, 1500);
}
