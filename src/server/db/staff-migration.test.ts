import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMigration as apply, MIGRATION_FILES as files } from './migration-steps';

describe('the staff console migration (0022)', () => {
  const db = new PGlite();
  afterAll(() => db.close());

  it(
    'moves the papers’ editors to editorInChief and makes the audit log append-only',
    { timeout: 60_000 },
    async () => {
      const at = files.findIndex((f) => f.startsWith('0022_'));
      for (const file of files.slice(0, at)) await apply(db, file);
      await db.exec(`INSERT INTO accounts (email, password_hash, name_zh, person_id_encrypted, person_id_hash)
        VALUES ('editor@example.org', 'x', '編輯', 'x', 'h1'), ('finance@example.org', 'x', '會計', 'x', 'h2')`);
      await db.exec(`INSERT INTO account_roles (account_id, role, granted_by) VALUES
        (1, 'editor', 'admin command'), (1, 'reviewer:paper', 'admin command'), (2, 'finance', 'admin command')`);
      await db.exec(`INSERT INTO audit_log (actor_type, action) VALUES ('system', 'role.grant')`);

      for (const file of files.slice(at)) await apply(db, file);

      const roles = await db.query<{ account_id: number; role: string }>(
        'SELECT account_id, role FROM account_roles ORDER BY account_id, role',
      );
      expect(roles.rows.map((r) => [r.account_id, r.role])).toEqual([
        [1, 'editorInChief'],
        [1, 'reviewer:paper'],
        [2, 'finance'],
      ]);
      await db.exec(`INSERT INTO audit_log (actor_type, action) VALUES ('system', 'role.revoke')`);
      await expect(db.exec(`UPDATE audit_log SET action = 'nothing'`)).rejects.toThrow(/append-only/);
      await expect(db.exec('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
      await expect(db.exec('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
      const kept = await db.query<{ action: string }>('SELECT action FROM audit_log ORDER BY id');
      expect(kept.rows.map((r) => r.action)).toEqual(['role.grant', 'role.revoke']);
    },
  );
});
