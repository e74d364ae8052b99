import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../tests/setup/fresh-database';
import { openDatabase, type Database } from './client';
import { files } from './schema';

/**
 * The two engines' drivers give the services the same values. Most integration tests run on the
 * embedded database only (decision record 032): what the engine changes beside concurrency and
 * processes is how each driver turns a column into a JavaScript value, and that is checked here, for
 * every type the schema and the services' own SQL use, through each way the services read
 * (Drizzle's typed select, raw SQL, and the prepared statements).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('the embedded database and PostgreSQL read values alike', () => {
  let embedded: Database;
  let postgres: Database;
  let drop = async () => {};

  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    embedded = await openDatabase({ dataDir: 'memory' });
    postgres = await openDatabase({ databaseUrl: fresh.url, dataDir: 'memory' });
  }, 120_000);
  afterAll(async () => {
    await embedded?.close();
    await postgres?.close();
    await drop();
  });

  const both = async <T>(read: (database: Database) => Promise<T>): Promise<[T, T]> => [
    await read(embedded),
    await read(postgres),
  ];

  it('in raw SQL: counts, sums, numbers, dates, times, JSON, arrays, truth and nothing', async () => {
    const [a, b] = await both(async ({ db }) => {
      const result = await db.execute(sql`
        SELECT 7::int AS int4, 9007199254740::bigint AS int8, count(*) AS counted, sum(x) AS summed,
               avg(x) AS averaged, 12.50::numeric(10, 2) AS money, 0.25::float8 AS ratio,
               '2026-02-28'::date AS day, '2026-02-28T23:30:00+08:00'::timestamptz AS instant,
               '2026-02-28 23:30:00'::timestamp AS wall, '{"a": [1, "二"], "b": null}'::jsonb AS doc,
               ARRAY['甲', 'b']::text[] AS words, ARRAY[1, 2]::int[] AS numbers, true AS yes, NULL::text AS nothing,
               ('2026-02-28'::date - '2026-01-01'::date) AS days, interval '1 day 02:00' AS span
        FROM (VALUES (1), (2), (4)) AS v(x)`);
      return result.rows;
    });
    expect(a).toEqual(b);
    // A count and a sum of integers are numbers, a date is its ISO day.
    expect(a[0]).toMatchObject({ int4: 7, counted: 3, summed: 7, day: '2026-02-28', yes: true, nothing: null });
  });

  it("through Drizzle's typed select and insert", async () => {
    const [a, b] = await both(async ({ db }) => {
      const [row] = await db
        .insert(files)
        .values({
          name: '報告.pdf',
          contentType: 'application/pdf',
          size: 5_000_000_000,
          sha256: 'f'.repeat(64),
          storageKey: `parity-${Math.random()}`,
          metadataStripped: false,
          createdAt: new Date('2026-02-28T15:30:00.123Z'),
        })
        .returning();
      const [read] = await db
        .select()
        .from(files)
        .where(sql`${files.id} = ${row!.id}`);
      return { ...read!, id: 0, storageKey: '' };
    });
    expect(a).toEqual(b);
    expect(a.size).toBe(5_000_000_000);
    expect(a.createdAt).toEqual(new Date('2026-02-28T15:30:00.123Z'));
  });

  it('through the prepared statements', async () => {
    const text = `SELECT $1::int + 1 AS next, $2::date AS day, $3::timestamptz AS instant, $4::text AS word,
                         $5::boolean AS yes, count(*) AS counted FROM (VALUES (1)) AS v(x)`;
    const params = [41, '2026-02-28', new Date('2026-02-28T15:30:00.000Z'), "it's 二", true] as const;
    const [a, b] = await both(({ prepared }) => prepared('parity_check', text, [...params]));
    expect(a).toEqual(b);
    expect(a[0]).toMatchObject({ next: 42, word: "it's 二", yes: true, counted: 1 });
  });
});
