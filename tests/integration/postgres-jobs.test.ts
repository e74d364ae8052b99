import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { membershipReminders, scheduledJobs } from '../../src/server/db/schema';
import { startServer } from '../setup/start-server';
import { mailsTo } from './helpers';
import { addMember, day, jobsSite } from './jobs-helpers';

// Two serving processes on one PostgreSQL database (the embedded one allows one process).
describe('membership jobs in two processes on PostgreSQL', () => {
  it(
    'send each renewal reminder exactly once, even when both run the job at the same moment',
    { timeout: 120_000 },
    async () => {
      const site = await jobsSite();
      await site.start(); // migrates and seeds
      await site.stop();
      const members = await site.withDb(async (db) => {
        const list = [];
        for (let i = 0; i < 400; i += 1)
          list.push(await addMember(db, { locale: i % 2 ? 'en-us' : 'zh-tw', status: 'active', termEnd: day(7) }));
        return list;
      });
      await site.start();
      const second = await startServer(site.env);
      const database = await openDatabase({ dataDir: 'memory', databaseUrl: site.env.DATABASE_URL });
      const { db } = database;
      try {
        // Beyond the scheduler's claim (which alone keeps a job to one process): the job's row is made
        // due and unleased again and again, so both processes run it, and with this many members one
        // run outlasts the other process's next tick: they run at once, and only the reminder's
        // unique key (insert … on conflict do nothing returning, then the mail) stands between them
        // and a second mail. Writing the mail whatever the insert returned fails this test.
        const deadline = Date.now() + 6000;
        while (Date.now() < deadline) {
          await db
            .update(scheduledJobs)
            .set({ nextRunAt: sql`now()`, lockedUntil: null })
            .where(eq(scheduledJobs.name, 'renewalReminders'));
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        for (const member of members) await mailsTo(member.email, 1, 15_000);
        await new Promise((resolve) => setTimeout(resolve, 1500)); // anything sent twice has arrived too
        for (const member of members) expect(await mailsTo(member.email, 2, 0), member.email).toHaveLength(1);
        const rows = await db
          .select({ kind: membershipReminders.kind })
          .from(membershipReminders)
          .where(
            inArray(
              membershipReminders.membershipId,
              members.map((m) => m.membershipId),
            ),
          );
        expect(rows).toHaveLength(members.length);
        expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(['before7']));
      } finally {
        await database.close();
        await second.stop();
        await site.drop();
      }
    },
  );
});
