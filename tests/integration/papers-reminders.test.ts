import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { papers, reviewAssignments, reviewItems } from '../../src/server/db/schema';
import { addAccount, jobsDue, jobsSite, settledMails, SITE_URL } from './jobs-helpers';

const DAY = 86_400_000;

// The reminders to paper reviewers (a job, DESIGN.md §15) on a society of their own: assignments
// are written with the due dates that make a reminder due, then a start runs the job.
describe('paper review reminders', { timeout: 90_000 }, () => {
  let site: Awaited<ReturnType<typeof jobsSite>>;
  beforeAll(async () => {
    site = await jobsSite();
    await site.start(); // migrates and seeds the demo society
    await site.stop();
  });
  afterAll(async () => {
    await site?.drop();
  });

  it('reminds once before the due date and once when overdue, with a new link while the review has not started', async () => {
    const cases = await site.withDb(async (db) => {
      // The demo's paper waiting for reviewers: its open round.
      const [round] = await db
        .select({ itemId: reviewItems.id, number: papers.number })
        .from(reviewItems)
        .innerJoin(papers, eq(papers.id, reviewItems.subjectId))
        .where(and(eq(reviewItems.queue, 'paper'), eq(reviewItems.status, 'open'), eq(papers.status, 'submitted')));
      const soon = await addAccount(db, 'en-us');
      const late = await addAccount(db, 'zh-tw');
      const started = await addAccount(db, 'en-us');
      const far = await addAccount(db, 'en-us');
      const declined = await addAccount(db, 'en-us');
      const now = Date.now();
      const assign = (accountId: number, dueInDays: number, declaration: 'none' | 'conflict' | null) =>
        db.insert(reviewAssignments).values({
          itemId: round!.itemId,
          reviewerId: accountId,
          assignedBy: accountId,
          declaration,
          dueAt: new Date(now + dueInDays * DAY),
        });
      await assign(soon.accountId, 2, null);
      await assign(late.accountId, -1, null);
      await assign(started.accountId, 1, 'none');
      await assign(far.accountId, 10, null);
      await assign(declined.accountId, -2, 'conflict');
      await jobsDue(db);
      return { number: round!.number!, soon, late, started, far, declined };
    });

    await site.start();
    try {
      const [soon] = await settledMails(cases.soon.email, 1);
      expect(soon!.subject).toContain('Your review is due soon');
      expect(soon!.text).toContain(cases.number);
      // Not started: a fresh link of their own comes with it, on the public address.
      expect(soon!.text).toMatch(new RegExp(`${SITE_URL}/en-us/member/paperReview/emailClaim\\?token=[\\w-]{40,}`));
      const [late] = await settledMails(cases.late.email, 1);
      expect(late!.subject).toContain('論文審查已逾期');
      // Started: the review page itself, no new link.
      const [started] = await settledMails(cases.started.email, 1);
      expect(started!.subject).toContain('Your review is due soon');
      expect(started!.text).not.toContain('emailClaim');
      expect(started!.text).toContain(`${SITE_URL}/en-us/member/paperReview/`);
      expect(await settledMails(cases.far.email, 0)).toEqual([]);
      expect(await settledMails(cases.declined.email, 0)).toEqual([]);
    } finally {
      await site.stop();
    }

    // Run again: each reminder was sent once.
    await site.withDb(jobsDue);
    await site.start();
    try {
      expect(await settledMails(cases.soon.email, 1)).toHaveLength(1);
      expect(await settledMails(cases.late.email, 1)).toHaveLength(1);
    } finally {
      await site.stop();
    }
  });
});
