import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../tests/setup/fresh-database';
import { openDatabase, type Database } from './client';

/**
 * PostgreSQL going away while a transaction waits between two statements (the process working on
 * its next one, as the audit chain's append does) fails that transaction, not the process: the
 * lost connection's error event is heard, the next statement is refused, and the pool serves a
 * working connection after.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL connection lost in the middle of a transaction', () => {
  let database: Database;
  let url = '';
  let drop = async () => {};

  beforeAll(async () => {
    const fresh = await freshDatabase();
    ({ url, drop } = fresh);
    database = await openDatabase({ databaseUrl: url, dataDir: 'memory' });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await drop();
  });

  it('fails the transaction and leaves the process and the pool working', async () => {
    const { db } = database;
    const transaction = db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`);
      // Another connection ends this one (as an administrator's or a crash's stop does), while no
      // statement of the transaction runs.
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      await other.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      await other.end();
      await new Promise((resolve) => setTimeout(resolve, 500));
      await tx.execute(sql`SELECT 1`);
    });
    await expect(transaction).rejects.toThrow();
    const { rows } = await db.execute<{ one: number }>(sql`SELECT 1 AS one`);
    expect(rows[0]!.one).toBe(1);
  });
});
