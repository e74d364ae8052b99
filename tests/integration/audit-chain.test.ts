import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { accountRoles } from '../../src/server/db/schema';
import { runCommand } from './commands';
import { mailsTo, signIn } from './helpers';
import { addAccount, jobsDue, jobsSite } from './jobs-helpers';
import { signedInWith } from './own-server';

// The audit log shows tampering (docs/decisions/033): rows removed, changed or put in behind the
// portal's back (SQL with the append-only trigger switched off, as the tables' owner can) are named
// by `npm run audit-verify`, the daily job and the console's audit page; an untouched log verifies.
describe('the audit log chain', () => {
  let site: Awaited<ReturnType<typeof jobsSite>>;
  /** An admin of this test alone, so the mails to them are this run's. */
  let admin = { email: '' };
  /** The demo admin signed in once (a code is used once): the session, its second factor passed, outlives restarts. */
  let session: Awaited<ReturnType<typeof signIn>> | null = null;

  beforeAll(async () => {
    site = await jobsSite();
    // The demo seeded first (into an empty database only).
    await site.start();
    await site.stop();
    admin = await site.withDb(async (db) => {
      const account = await addAccount(db, 'en-us');
      await db.insert(accountRoles).values({ accountId: account.accountId, role: 'admin', grantedBy: 'test' });
      return account;
    });
  }, 180_000);
  afterAll(() => site?.drop());

  const verify = () => runCommand('audit-verify', [], site.env);
  const rows = () =>
    site.withDb(async (db) => {
      const { rows: found } = await db.execute<{ id: number }>(sql`SELECT id FROM audit_log ORDER BY id`);
      return found.map((r) => Number(r.id));
    });
  /** SQL behind the portal's back, with the trigger that refuses changes switched off meanwhile. */
  const tamper = <T>(work: (db: Db) => Promise<T>) =>
    site.withDb(async (db) => {
      await db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`);
      try {
        return await work(db);
      } finally {
        await db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change`);
      }
    });
  const breakMails = async () =>
    (await mailsTo(admin.email, 0, 0)).filter((m) => m.subject.includes("The audit log's chain is broken"));

  it('verifies an untouched log while the portal runs, and the daily check says so on the audit page', async () => {
    const server = await site.start();
    const run = verify();
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^紀錄鏈已驗證至第 \d+ 筆（共 \d+ 筆）。/);
    expect(run.stdout).toMatch(/Chain verified up to row (\d+) \(\d+ rows\)\./);
    expect(run.status).toBe(0);
    session = await signIn('admin@example.org', 'Admin2026demo', 'individual', false, { base: server.url });
    const staff = signedInWith(server.url, session);
    // The daily job ran at the first tick; the page shows its stored result.
    let page = await staff.page('/en-us/staff/audit');
    for (let i = 0; i < 50 && !page.html.includes('Daily check of'); i++) {
      await new Promise((r) => setTimeout(r, 200));
      page = await staff.page('/en-us/staff/audit');
    }
    expect(page.html).toMatch(/data-chain="verified"[^]*Chain verified up to row \d+/);
    expect(page.html).toContain('Daily check of');
    const zh = await staff.page('/staff/audit?verify=1');
    expect(zh.html).toMatch(/紀錄鏈已驗證至第 \d+ 筆/);
    expect(zh.html).toContain('剛剛檢查。');
    await site.stop();
  }, 180_000);

  it('names a row changed behind the portal, and verifies again once it is as it was', async () => {
    const ids = await rows();
    const target = ids[Math.floor(ids.length / 2)]!;
    const before = await tamper(async (db) => {
      const { rows: found } = await db.execute<{ action: string }>(
        sql`SELECT action FROM audit_log WHERE id = ${target}`,
      );
      await db.execute(sql`UPDATE audit_log SET action = 'signOut' WHERE id = ${target}`);
      return found[0]!.action;
    });
    const run = verify();
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`The chain breaks at row ${target}: the row is not what was written (changed).`);
    expect(run.stdout).toContain(`紀錄鏈在第 ${target} 筆斷開：該筆內容與寫入時不符（已被更動）`);
    await tamper((db) => db.execute(sql`UPDATE audit_log SET action = ${before} WHERE id = ${target}`));
    expect(verify().status).toBe(0);
  }, 120_000);

  // Each kind of break in a test of its own: every step opens the embedded database or starts the
  // command, some seconds each on a machine the other test runs share.
  it('names the row after one deleted, and verifies again once it is back', async () => {
    const { gone, next, saved } = await tamper(async (db) => {
      const { rows: found } = await db.execute<{ id: number; row: unknown }>(
        sql`SELECT id, to_jsonb(l) AS row FROM audit_log l ORDER BY id OFFSET 3 LIMIT 2`,
      );
      await db.execute(sql`DELETE FROM audit_log WHERE id = ${found[0]!.id}`);
      return { gone: Number(found[0]!.id), next: Number(found[1]!.id), saved: found[0]!.row };
    });
    expect(gone).toBeLessThan(next);
    const deleted = verify();
    expect(deleted.status).toBe(1);
    expect(deleted.stdout).toContain(
      `The chain breaks at row ${next}: rows were removed before it (missing before it).`,
    );
    await tamper((db) =>
      db.execute(
        sql`INSERT INTO audit_log SELECT * FROM jsonb_populate_record(null::audit_log, ${JSON.stringify(saved)}::jsonb)`,
      ),
    );
    expect(verify().status).toBe(0);
  }, 120_000);

  it('names a row put in with a hash of its own making, and one without a hash', async () => {
    // A row that claims the next place after the last, with a made-up hash.
    const forged = await tamper(async (db) => {
      const { rows: made } = await db.execute<{ id: number }>(sql`
        INSERT INTO audit_log (actor_type, action, ip, chain_seq, prev_hash, hash)
        SELECT 'system', 'role.grant', '', chain_seq + 1, hash, repeat('f', 64)
        FROM audit_log ORDER BY id DESC LIMIT 1
        RETURNING id`);
      return Number(made[0]!.id);
    });
    const inserted = verify();
    expect(inserted.status).toBe(1);
    expect(inserted.stdout).toContain(
      `The chain breaks at row ${forged}: the row was not written by the portal (inserted).`,
    );
    // That row taken out, and one without a hash put in, as plain SQL writes one.
    const plain = await tamper(async (db) => {
      await db.execute(sql`DELETE FROM audit_log WHERE id = ${forged}`);
      const { rows: made } = await db.execute<{ id: number }>(
        sql`INSERT INTO audit_log (actor_type, action, ip) VALUES ('system', 'role.grant', '') RETURNING id`,
      );
      return Number(made[0]!.id);
    });
    const unsealed = verify();
    expect(unsealed.status).toBe(1);
    expect(unsealed.stdout).toContain(`The chain breaks at row ${plain}: the row carries no hash (unsealed).`);
    await tamper((db) => db.execute(sql`DELETE FROM audit_log WHERE id = ${plain}`));
    expect(verify().status).toBe(0);
  }, 120_000);

  it('mails the admins once per break, and the audit page shows it', async () => {
    const ids = await rows();
    const target = ids[1]!;
    const ip = await tamper(async (db) => {
      const { rows: found } = await db.execute<{ ip: string }>(sql`SELECT ip FROM audit_log WHERE id = ${target}`);
      await db.execute(sql`UPDATE audit_log SET ip = '198.51.100.66' WHERE id = ${target}`);
      return found[0]!.ip;
    });
    for (let start = 0; start < 2; start++) {
      // The job due at the first tick, and the page's stored result forgotten until it has run.
      await site.withDb(async (db) => {
        await jobsDue(db);
        await db.execute(sql`UPDATE audit_chain_head SET checked_at = NULL, checked = NULL`);
      });
      const server = await site.start();
      session ??= await signIn('admin@example.org', 'Admin2026demo', 'individual', false, { base: server.url });
      const staff = signedInWith(server.url, session);
      let page = await staff.page('/en-us/staff/audit');
      for (let i = 0; i < 100 && !page.html.includes('data-chain="broken"'); i++) {
        await new Promise((r) => setTimeout(r, 200));
        page = await staff.page('/en-us/staff/audit');
      }
      expect(page.html).toContain(`The chain breaks at row ${target}: the row is not what was written (changed).`);
      if (start === 0) expect((await mailsTo(admin.email, 1, 10_000)).length).toBeGreaterThan(0);
      await site.stop();
    }
    // One mail for the break, though the check found it twice.
    const outbox = await site.withDb(async (db) => {
      const { rows: found } = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'audit.chainBroken' AND "to" = ${admin.email}`,
      );
      return Number(found[0]!.n);
    });
    expect(outbox).toBe(1);
    const mails = await breakMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`The chain breaks at row ${target}`);
    await tamper((db) => db.execute(sql`UPDATE audit_log SET ip = ${ip} WHERE id = ${target}`));
    expect(verify().status).toBe(0);
  }, 240_000);
});
