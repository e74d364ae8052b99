import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { mailOutbox, membershipReminders, scheduledJobs } from '../../src/server/db/schema';
import { addMember, day, jobsDue } from './jobs-helpers';

/** The job the crash tests kill a process in: it writes one reminder (a row and its mail) per member. */
export const JOB = 'renewalReminders';

/** Members whose term ends in a week (each due one renewal reminder), and every job due at the next tick. */
export async function membersDueReminders(db: Db, count: number) {
  const members = [];
  for (let i = 0; i < count; i += 1)
    members.push(await addMember(db, { locale: i % 2 ? 'en-us' : 'zh-tw', status: 'active', termEnd: day(7) }));
  await jobsDue(db);
  return members;
}

export async function jobRow(db: Db) {
  const [row] = await db.select().from(scheduledJobs).where(eq(scheduledJobs.name, JOB));
  return row;
}

/** How many reminders (rows) and reminder mails (outbox rows) each member has. */
export async function remindersOf(db: Db, members: { membershipId: number; email: string }[]) {
  const rows = await db
    .select({ membershipId: membershipReminders.membershipId })
    .from(membershipReminders)
    .where(
      inArray(
        membershipReminders.membershipId,
        members.map((m) => m.membershipId),
      ),
    );
  const mails = await db
    .select({ to: mailOutbox.to, count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(
      inArray(
        mailOutbox.to,
        members.map((m) => m.email),
      ),
    )
    .groupBy(mailOutbox.to);
  return { rows: rows.length, mailsPerMember: new Map(mails.map((m) => [m.to, m.count])) };
}

/** How many times a server's output (LOG_LEVEL=debug) says the job `started` or `finished`. */
export function jobLogged(output: string, what: 'started' | 'finished'): number {
  return output.split('\n').filter((line) => line.includes(`background job ${what}`) && line.includes(`"${JOB}"`))
    .length;
}
