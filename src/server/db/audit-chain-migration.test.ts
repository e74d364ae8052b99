import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { checkAuditChain, sealAuditLog } from './audit-chain';
import { applyMigration as apply, MIGRATION_FILES as files } from './migration-steps';

describe('the audit chain migration (0034) and the one-time sealing', () => {
  const client = new PGlite();
  const db = drizzle({ client });
  const key = randomBytes(32);
  afterAll(() => client.close());

  it(
    'seals the rows written before the chain once, in id order, and refuses any change after',
    { timeout: 60_000 },
    async () => {
      const at = files.findIndex((f) => f.startsWith('0034_'));
      for (const file of files.slice(0, at)) await apply(client, file);
      await client.exec(`INSERT INTO audit_log (actor_type, action, detail, after) VALUES
      ('system', 'role.grant', '{"z": 1, "a": {"y": [1, 2], "b": null}}', '{"role": "admin"}'),
      ('individual', 'signIn', NULL, NULL), ('system', 'role.revoke', '{}', NULL)`);
      for (const file of files.slice(at)) await apply(client, file);

      // Before the sealing, the rows are a break: they carry no hash.
      expect((await checkAuditChain(db as never, key)).break).toEqual({ id: 1, kind: 'unsealed' });
      // Still append-only before it, but for the sealing's own change.
      await expect(client.exec(`UPDATE audit_log SET action = 'nothing' WHERE id = 1`)).rejects.toThrow(/append-only/);
      await expect(client.exec(`UPDATE audit_log SET hash = 'x', action = 'nothing' WHERE id = 1`)).rejects.toThrow(
        /append-only/,
      );

      expect(await sealAuditLog(db as never, key)).toBe(3);
      expect(await checkAuditChain(db as never, key)).toEqual({ verified: 3, lastId: 3, break: null });
      const sealed = await client.query<{ id: number; chain_seq: number }>(
        'SELECT id, chain_seq FROM audit_log ORDER BY id',
      );
      expect(sealed.rows.map((r) => [r.id, Number(r.chain_seq)])).toEqual([
        [1, 1],
        [2, 2],
        [3, 3],
      ]);

      // Once: a second start seals nothing, and the trigger refuses even a hash set on a row without one.
      await client.exec(`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`);
      await client.exec(`INSERT INTO audit_log (actor_type, action) VALUES ('system', 'role.grant')`);
      await client.exec(`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change`);
      expect(await sealAuditLog(db as never, key)).toBe(0);
      await expect(client.exec(`UPDATE audit_log SET hash = 'x' WHERE id = 4`)).rejects.toThrow(/append-only/);
      expect((await checkAuditChain(db as never, key)).break).toEqual({ id: 4, kind: 'unsealed' });
      await expect(client.exec('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
      await expect(client.exec('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    },
  );
});
