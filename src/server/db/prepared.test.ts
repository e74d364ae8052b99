import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { literal, pgliteRunner } from './prepared';

describe('prepared statements on the embedded database', () => {
  const client = new PGlite();
  // Starting PostgreSQL in WebAssembly takes seconds on a busy machine: in the hook, not the first test.
  beforeAll(() => client.waitReady, 60_000);
  afterAll(() => client.close());

  it('writes values as literals that cannot break out of their quotes', () => {
    expect(literal("it's")).toBe("'it''s'");
    expect(literal(null)).toBe('NULL');
    expect(literal(42)).toBe('42');
    expect(literal(new Date('2026-01-02T03:04:05Z'))).toBe("'2026-01-02T03:04:05.000Z'");
    expect(() => literal(Number.NaN)).toThrow();
    expect(() => literal('a\u0000b')).toThrow();
  });

  it('prepares once and runs with the values it is given, quotes and all', async () => {
    const run = pgliteRunner(client);
    await client.exec(`CREATE TABLE t (name text, at timestamptz)`);
    await client.query(`INSERT INTO t VALUES ($1, $2)`, [
      "O'Brien'; DROP TABLE t; --",
      new Date('2026-01-02T00:00:00Z'),
    ]);
    const sql = 'SELECT name, at FROM t WHERE name = $1 AND at < $2';
    const rows = await run('find_t', sql, ["O'Brien'; DROP TABLE t; --", new Date('2027-01-01T00:00:00Z')]);
    expect(rows).toEqual([{ name: "O'Brien'; DROP TABLE t; --", at: new Date('2026-01-02T00:00:00Z') }]);
    expect(await run('find_t', sql, ['nobody', new Date()])).toEqual([]);
    expect((await client.query('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 1 }]);
  });

  it('prepares a statement once when many requests use it first at the same moment', async () => {
    const run = pgliteRunner(client);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => run('double_it', 'SELECT $1::int * 2 AS twice', [n])),
    );
    expect(answers.map((rows) => rows[0]!.twice)).toEqual(Array.from({ length: 20 }, (_, n) => n * 2));
  });

  it('runs a statement that takes no values', async () => {
    const run = pgliteRunner(client);
    expect(await run('no_values', 'SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
    expect(await run('no_values', 'SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
  });

  it('tries a statement that failed to prepare again on its next use', async () => {
    const run = pgliteRunner(client);
    await expect(run('late_table', 'SELECT count(*)::int + $1::int AS n FROM late', [0])).rejects.toThrow(/late/);
    await client.exec('CREATE TABLE late (x int)');
    expect(await run('late_table', 'SELECT count(*)::int + $1::int AS n FROM late', [0])).toEqual([{ n: 0 }]);
  });
});
