import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useMemoryRuntime } from '../test-runtime';
import { recordAudit, SYSTEM } from '../services/accounts/audit';
import { checkAuditChain } from './audit-chain';

describe('recordAudit on the chain', () => {
  const rt = useMemoryRuntime();
  it('appends rows that verify, in a transaction of their own or the caller’s', async () => {
    const { db } = rt().database;
    await recordAudit(db, { actor: SYSTEM, action: 'test.one', detail: { b: 1, a: [1, { z: true, y: null }] } });
    await db.transaction((tx) =>
      recordAudit(tx, [
        { actor: SYSTEM, action: 'test.two', target: { type: 'account', id: 7 }, before: { x: 'é' }, after: null },
        { actor: { userType: 'individual', accountId: 3 }, action: 'test.three', ip: '203.0.113.1' },
      ]),
    );
    const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log`);
    const check = await checkAuditChain(db, rt().secrets.auditChainKey);
    expect(check).toMatchObject({ verified: Number(rows[0]!.n), break: null });
  });
});
