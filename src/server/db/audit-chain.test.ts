import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, chainHash, verifyChainRows, type ChainRow } from './audit-chain';

const key = randomBytes(32);

/** A chain of `n` rows as recordAudit writes it (ids with a gap, as a rolled-back transaction leaves). */
function chain(n: number): ChainRow[] {
  const rows: ChainRow[] = [];
  let prev = '';
  for (let i = 1; i <= n; i++) {
    const row = {
      id: i < 3 ? i : i + 5,
      atMicros: `${1_796_000_000_000 + i}000`,
      actorType: 'individual',
      actorId: 7,
      action: 'role.grant',
      ip: '203.0.113.9',
      targetType: 'account',
      targetId: String(100 + i),
      before: null,
      after: { role: 'office', since: { year: 2026, month: i } },
      detail: { by: 'admin@example.org', roles: ['a', 'b'] },
      chainSeq: i,
      prevHash: prev,
    };
    prev = chainHash(key, row);
    rows.push({ ...row, hash: prev });
  }
  return rows;
}
const headOf = (rows: ChainRow[]) => ({ lastSeq: rows.length, lastHash: rows.at(-1)?.hash ?? '' });

describe('the audit chain', () => {
  it('writes JSON one way: keys sorted at every level, whatever order they came in', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson({ a: { c: null, d: [{ y: 2, z: 1 }] }, b: 1 })).toBe(
      canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null } }),
    );
    // As jsonb gives it back: a date as its text, an absent value dropped.
    expect(canonicalJson({ at: new Date(0), gone: undefined })).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('hashes the same row alike whatever the order of its JSON keys, and with another key differently', () => {
    const [row] = chain(1);
    const reordered = { ...row!, after: { since: { month: 1, year: 2026 }, role: 'office' } };
    expect(chainHash(key, reordered)).toBe(row!.hash);
    expect(chainHash(randomBytes(32), row!)).not.toBe(row!.hash);
  });

  it('breaks when any field of a row changes', () => {
    const [row] = chain(1);
    const changes: Partial<ChainRow>[] = [
      { id: 2 },
      { atMicros: '1796000000001001' },
      { actorType: 'organ' },
      { actorId: 8 },
      { actorId: null },
      { action: 'role.revoke' },
      { ip: '203.0.113.10' },
      { targetType: 'organ' },
      { targetId: '999' },
      { before: {} },
      { after: { role: 'admin', since: { year: 2026, month: 1 } } },
      { detail: null },
      { chainSeq: 2 },
      { prevHash: 'x' },
    ];
    for (const change of changes)
      expect(chainHash(key, { ...row!, ...change }), JSON.stringify(change)).not.toBe(row!.hash);
  });

  it('verifies an untouched chain, and an empty one', () => {
    const rows = chain(6);
    expect(verifyChainRows(key, rows, headOf(rows))).toEqual({ verified: 6, lastId: 11, break: null });
    expect(verifyChainRows(key, [], { lastSeq: 0, lastHash: '' })).toEqual({ verified: 0, lastId: null, break: null });
  });

  it('names the first row that breaks it, and how', () => {
    const rows = chain(6);
    const head = headOf(rows);
    const at = (list: ChainRow[], h = head) => verifyChainRows(key, list, h);
    // Changed: a row's content edited.
    const edited = rows.map((r) => (r.id === 8 ? { ...r, action: 'role.revoke' } : r));
    expect(at(edited)).toEqual({ verified: 2, lastId: 2, break: { id: 8, kind: 'changed' } });
    // Missing before it: a row removed.
    expect(at(rows.filter((r) => r.id !== 8))).toEqual({
      verified: 2,
      lastId: 2,
      break: { id: 9, kind: 'missingBefore' },
    });
    // Inserted: a row that links to nothing, in the middle and at the end.
    const forged = { ...rows[2]!, id: 9, chainSeq: 4, prevHash: rows[2]!.hash, hash: 'f'.repeat(64) };
    const middle = [...rows.slice(0, 3), { ...forged, id: 8.5 }, ...rows.slice(3)];
    expect(at(middle).break).toEqual({ id: 8.5, kind: 'inserted' });
    const end = [...rows, { ...forged, id: 20, chainSeq: 7, prevHash: rows[5]!.hash }];
    expect(at(end).break).toEqual({ id: 20, kind: 'inserted' });
    // Unsealed: a row without a hash.
    expect(at([...rows, { ...rows[5]!, id: 20, chainSeq: null, prevHash: null, hash: null }]).break).toEqual({
      id: 20,
      kind: 'unsealed',
    });
    // Out of order: genuine rows in the wrong order.
    expect(at([rows[0]!, rows[2]!, rows[1]!, ...rows.slice(3)]).break).toEqual({ id: 8, kind: 'missingBefore' });
    expect(at([rows[1]!, rows[0]!, ...rows.slice(2)]).break).toEqual({ id: 2, kind: 'missingBefore' });
    // Out of order: a genuine row again where the next one belongs (a copy played back).
    expect(at([...rows.slice(0, 3), rows[2]!, ...rows.slice(3)]).break).toEqual({ id: 8, kind: 'outOfOrder' });
    // Missing after it: the last rows removed (the head says more).
    expect(at(rows.slice(0, 4))).toEqual({ verified: 4, lastId: 9, break: { id: 9, kind: 'missingAfter' } });
  });
});
