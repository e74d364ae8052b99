import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMigration as apply, MIGRATION_FILES as files } from './migration-steps';

describe('migration of the account’s membership columns (0007)', () => {
  const db = new PGlite();
  afterAll(() => db.close());

  it(
    'turns members recorded on the account into memberships, keeping number and status',
    { timeout: 60_000 },
    async () => {
      const upgrade = files.findIndex((f) => f.startsWith('0007_'));
      for (const file of files.slice(0, upgrade)) await apply(db, file);
      const account = (n: number, memberNo: string | null, status: string | null) =>
        db.query(
          `INSERT INTO accounts (email, password_hash, name_zh, person_id_encrypted, person_id_hash, birth_date, member_no, member_status)
         VALUES ($1, 'x', '會員', 'x', $2, '1980-01-01', $3, $4)`,
          [`m${n}@example.org`, `hash${n}`, memberNo, status],
        );
      await account(1, 'M2010-0001', 'active');
      await account(2, 'M2011-0002', 'paused');
      await account(3, 'M2012-0003', 'ended');
      await account(4, null, null);

      for (const file of files.slice(upgrade)) await apply(db, file);

      const rows = await db.query<{ email: string; member_no: string; status: string; term_end: string | null }>(
        `SELECT a.email, m.member_no, m.status, m.term_end::text, m.paused_from::text, m.last_day::text
       FROM memberships m JOIN accounts a ON a.id = m.account_id ORDER BY a.email`,
      );
      const year = new Date().getUTCFullYear();
      expect(rows.rows.map((r) => [r.email, r.member_no, r.status])).toEqual([
        ['m1@example.org', 'M2010-0001', 'active'],
        ['m2@example.org', 'M2011-0002', 'paused'],
        ['m3@example.org', 'M2012-0003', 'ended'],
      ]);
      expect(rows.rows[0]!.term_end).toMatch(new RegExp(`^(${year}|${year + 1})-12-31$`));
      const terms = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM membership_terms');
      expect(terms.rows[0]!.n).toBe(3);
      const settings = await db.query<{ grace_days: number }>(
        'SELECT grace_days FROM membership_settings WHERE id = 1',
      );
      expect(settings.rows[0]!.grace_days).toBe(90);
      const columns = await db.query<{ column_name: string }>(
        "SELECT column_name FROM information_schema.columns WHERE table_name = 'accounts' AND column_name LIKE 'member%'",
      );
      expect(columns.rows).toEqual([]);
    },
  );
});
