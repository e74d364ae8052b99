import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer } from '../setup/start-server';
import { runCommand } from './commands';
import { signIn } from './helpers';

// README, "Going live": two roles on PostgreSQL. The tables' owner migrates (and seals the audit
// log once) through MIGRATION_DATABASE_URL; the portal serves as a runtime role that may read and
// append to the audit log but never change or remove a row of it (docs/decisions/033).
describe('an owner role that migrates and a runtime role that serves', () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const tag = randomBytes(4).toString('hex');
  const owner = `portal_owner_${tag}`;
  const runtime = `portal_app_${tag}`;
  const database = `portal_roles_${tag}`;
  const urlFor = (role: string) => {
    const url = new URL(adminUrl);
    url.username = role;
    url.password = `pw-${tag}`;
    url.pathname = `/${database}`;
    return url.href;
  };
  const asSuperuser = async (sql: string[], inDatabase = false) => {
    const url = new URL(adminUrl);
    if (inDatabase) url.pathname = `/${database}`;
    const client = new pg.Client({ connectionString: url.href });
    await client.connect();
    try {
      for (const statement of sql) await client.query(statement);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    // The set-up the README's "Going live" gives, with this test's names.
    await asSuperuser([
      `CREATE ROLE ${owner} LOGIN PASSWORD 'pw-${tag}'`,
      `CREATE ROLE ${runtime} LOGIN PASSWORD 'pw-${tag}'`,
      `CREATE DATABASE ${database} OWNER ${owner}`,
    ]);
    await asSuperuser(
      [
        `GRANT USAGE ON SCHEMA public TO ${runtime}`,
        `ALTER DEFAULT PRIVILEGES FOR ROLE ${owner} IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${runtime}`,
        `ALTER DEFAULT PRIVILEGES FOR ROLE ${owner} IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${runtime}`,
      ],
      true,
    );
  });
  afterAll(async () => {
    await asSuperuser([
      `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`,
      `DROP ROLE IF EXISTS ${runtime}`,
      `DROP ROLE IF EXISTS ${owner}`,
    ]);
  });

  const env = {
    DATA_DIR: 'memory',
    SECRET_KEY: inject('secretKey'),
    SMTP_URL: inject('smtpUrl'),
    TRUST_PROXY: 'loopback',
    WORKERS: '1',
    LOG_LEVEL: 'info',
  };

  it('serves and audits as the runtime role, which cannot change or remove a row of the log', async () => {
    const server = await startServer({ ...env, DATABASE_URL: urlFor(runtime), MIGRATION_DATABASE_URL: urlFor(owner) });
    try {
      expect(server.output()).not.toContain('it could switch off the audit log');
      expect((await fetch(`${server.url}/api/amsw0201/webInfo`)).status).toBe(200);
      // The runtime role indexed the seeded demo for site search at start, though it may not
      // rebuild the index's GIN index (only the owner may drop one).
      const searched = await fetch(`${server.url}/api/amsw0308?q=${encodeURIComponent('超音波')}`);
      const answer = (await searched.json()) as { code: number; data: { total: number } };
      expect(answer.code).toBe(0);
      expect(answer.data.total).toBeGreaterThan(0);
      // A sign-in is audited (as the runtime role).
      await signIn('member@example.org', 'Member2026demo', 'individual', false, { base: server.url });
      const verified = runCommand('audit-verify', [], { ...env, DATABASE_URL: urlFor(runtime) });
      expect(verified.stdout).toMatch(/Chain verified up to row \d+/);
      expect(verified.status).toBe(0);
    } finally {
      await server.stop();
    }
    const app = new pg.Client({ connectionString: urlFor(runtime) });
    await app.connect();
    try {
      const { rows } = await app.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_log WHERE action = 'signIn'`,
      );
      expect(rows[0]!.n).toBeGreaterThan(0);
      for (const statement of [
        `UPDATE audit_log SET ip = '198.51.100.1'`,
        `DELETE FROM audit_log`,
        `TRUNCATE audit_log`,
        `ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`,
      ])
        await expect(app.query(statement), statement).rejects.toMatchObject({ code: expect.stringMatching(/^42501$/) });
    } finally {
      await app.end();
    }
  }, 240_000);

  it('warns at start when the role the portal serves as owns the tables', async () => {
    const server = await startServer({ ...env, DATABASE_URL: urlFor(owner) });
    try {
      expect(server.output()).toContain(
        `The portal serves as ${owner}, which owns the tables: it could switch off the audit log's protection`,
      );
    } finally {
      await server.stop();
    }
  }, 240_000);
});
