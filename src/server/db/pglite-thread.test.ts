import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors';
import { PGliteThread } from './pglite-thread';

describe('the embedded database in its own thread', () => {
  let db: PGliteThread;
  beforeAll(async () => {
    db = await PGliteThread.open(null);
    await db.exec(`CREATE TABLE t (id int PRIMARY KEY, name text NOT NULL, at timestamptz, day date)`);
  }, 60_000);
  afterAll(() => db.close());

  it('answers rows as objects or arrays, dates parsed or kept as text as asked', async () => {
    await db.query(`INSERT INTO t VALUES ($1, $2, $3, $4)`, [1, "O'Brien", '2026-01-02T03:04:05Z', '2026-01-02']);
    const parsed = await db.query(`SELECT id, name, at FROM t WHERE id = $1`, [1]);
    expect(parsed.rows).toEqual([{ id: 1, name: "O'Brien", at: new Date('2026-01-02T03:04:05Z') }]);
    const text = await db.query<unknown[]>(`SELECT day, at FROM t WHERE id = 1`, [], {
      rowMode: 'array',
      parsers: { [types.DATE]: (v) => v, [types.TIMESTAMPTZ]: (v) => v },
    });
    expect(text.rows).toEqual([['2026-01-02', '2026-01-02 03:04:05+00']]);
    expect(text.fields.map((f) => f.name)).toEqual(['day', 'at']);
    const [count] = await db.exec(`SELECT count(*)::int AS n FROM t`);
    expect(count!.rows).toEqual([{ n: 1 }]);
  });

  it('answers each of many statements sent at once with its own rows', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, n) => db.query<{ n: number }>(`SELECT $1::int AS n`, [n])),
    );
    expect(answers.map((a) => a.rows[0]!.n)).toEqual(Array.from({ length: 200 }, (_, n) => n));
  });

  it('refuses a parser it cannot carry to the thread', async () => {
    await expect(db.query(`SELECT 1`, [], { parsers: { [types.DATE]: (v) => new Date(v) } })).rejects.toThrow(
      /cannot run on the database's thread/,
    );
  });

  it("gives a failed statement PostgreSQL's code and stays usable", async () => {
    const error = await db.query(`INSERT INTO t (id, name) VALUES (1, 'again')`).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect((error as { constraint?: string }).constraint).toBe('t_pkey');
    expect((await db.query(`SELECT count(*)::int AS n FROM t`)).rows).toEqual([{ n: 1 }]);
  });

  it('keeps statements from outside a transaction out of it until it ends', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query(`INSERT INTO t (id, name) VALUES (2, 'inside')`);
      entered();
      await held;
      await tx.query(`UPDATE t SET name = 'inside, changed' WHERE id = 2`);
    });
    await inside;
    // Sent while the transaction is open (one connection): it must see its end, not its middle.
    const outside = db.query<{ name: string }>(`SELECT name FROM t WHERE id = 2`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ name: 'inside, changed' }]);
  });

  it('rolls a transaction back when its work throws, and when a statement in it failed', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO t (id, name) VALUES (3, 'never')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO t (id, name) VALUES (4, 'never')`);
        await tx.query(`INSERT INTO t (id, name) VALUES (1, 'duplicate')`).catch(() => undefined);
      }),
    ).rejects.toMatchObject({ code: '25P02' });
    expect((await db.query(`SELECT id FROM t ORDER BY id`)).rows).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('leaves the serving thread free while a statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 10);
    await db.query(`SELECT pg_sleep(0.4)`);
    clearInterval(timer);
    // On the calling thread, no timer could fire before the statement ended.
    expect(ticks).toBeGreaterThanOrEqual(5);
  });
});

describe('the embedded database in a folder', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-thread-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps what was written once closed, for the next start', async () => {
    const first = await PGliteThread.open(dir);
    await first.exec(`CREATE TABLE kept (note text); INSERT INTO kept VALUES ('still here')`);
    await first.close();
    await expect(first.query(`SELECT 1`)).rejects.toThrow(/closed/);
    const second = await PGliteThread.open(dir);
    expect((await second.query(`SELECT note FROM kept`)).rows).toEqual([{ note: 'still here' }]);
    await second.close();
  }, 60_000);
});
