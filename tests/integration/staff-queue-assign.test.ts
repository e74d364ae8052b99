import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountRoles,
  accounts,
  papers,
  reviewAssignments,
  reviewItems,
  scheduledJobs,
} from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';
import { mailWithSubject, signUpOrganisation } from './helpers';
import { addAccount, addApplication, jobsDue, jobsSite, settledMails, SITE_URL } from './jobs-helpers';
import { signedInOn } from './own-server';

const DAY = 86_400_000;

/**
 * A queue's supervisor at work in the console (DESIGN.md §13, §19): giving an open item to a
 * reviewer of the queue, taking it back and giving it to another, and reminding the holders of
 * overdue items, at most once a day. On a society of its own: the cases are written into its
 * database (an item overdue for a week), then the server starts.
 */
type SignedIn = Awaited<ReturnType<typeof signedInOn>>;

interface Holder {
  assignmentId: number;
  reviewerId: number;
  dueAt: string | null;
  remindedAt: string | null;
}
interface Overview {
  items: { id: number; overdue: boolean; holders: Holder[] }[];
}

/** An item on the membership queue: an application (by a new applicant unless given), due in so many days. */
async function membershipItem(
  db: Db,
  dueInDays: number,
  { applicantId, status = 'open' }: { applicantId?: number; status?: 'open' | 'decided' } = {},
) {
  const by = applicantId ?? (await addAccount(db, 'zh-tw')).accountId;
  // An applicant has one open application at most; the demo reviewer's own has taken effect.
  const state = applicantId === undefined ? 'underReview' : 'effective';
  const app = await addApplication(db, by, { type: 'join', state, reviewed: true });
  const [item] = await db
    .insert(reviewItems)
    .values({
      queue: 'membership',
      subjectId: app.id,
      applicantId: by,
      dueAt: new Date(Date.now() + dueInDays * DAY),
      status,
    })
    .returning({ id: reviewItems.id });
  return { itemId: item!.id, number: app.number };
}

async function grant(db: Db, accountId: number, role: 'reviewer:membership' | 'reviewer:paper') {
  await db.insert(accountRoles).values({ accountId, role, grantedBy: 'test' });
}

describe('assigning and reminding from the console queues', { timeout: 180_000 }, () => {
  let site: Awaited<ReturnType<typeof jobsSite>>;
  let cases: Awaited<ReturnType<typeof setUp>>;
  let admin: SignedIn;
  let editor: SignedIn;
  let reviewer: SignedIn;
  let statusReviewer: SignedIn;

  async function setUp(db: Db) {
    const idOf = async (email: string) =>
      (await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email)))[0]!.id;
    const reviewerId = await idOf('reviewer@example.org');
    const statusReviewerId = await idOf('status-reviewer@example.org');
    // The demo's paper waiting for reviewers: its open round.
    const [round] = await db
      .select({ itemId: reviewItems.id, paperId: papers.id, number: papers.number })
      .from(reviewItems)
      .innerJoin(papers, eq(papers.id, reviewItems.subjectId))
      .where(and(eq(reviewItems.queue, 'paper'), eq(reviewItems.status, 'open'), eq(papers.status, 'submitted')));
    const fresh = await addAccount(db, 'en-us'); // a membership reviewer who reads English
    await grant(db, fresh.accountId, 'reviewer:membership');
    const noRole = await addAccount(db, 'zh-tw');
    const declined = await addAccount(db, 'zh-tw');
    await grant(db, declined.accountId, 'reviewer:membership');
    const late = await addAccount(db, 'zh-tw'); // holds an item overdue for a week
    await grant(db, late.accountId, 'reviewer:membership');
    const open = await membershipItem(db, 14);
    const own = await membershipItem(db, 14, { applicantId: reviewerId });
    const closed = await membershipItem(db, 14, { status: 'decided' });
    const conflicted = await membershipItem(db, 14);
    await db.insert(reviewAssignments).values({
      itemId: conflicted.itemId,
      reviewerId: declined.accountId,
      assignedBy: declined.accountId,
      declaration: 'conflict',
    });
    const overdue = await membershipItem(db, -10);
    const [lateAssignment] = await db
      .insert(reviewAssignments)
      .values({
        itemId: overdue.itemId,
        reviewerId: late.accountId,
        assignedBy: reviewerId,
        declaration: null,
        dueAt: new Date(Date.now() - 7 * DAY),
      })
      .returning({ id: reviewAssignments.id });
    // The daily reminder waits for its day: the console's button comes first here.
    const tomorrow = new Date(Date.now() + DAY);
    await db
      .insert(scheduledJobs)
      .values({ name: 'overdueReviewReminders', nextRunAt: tomorrow })
      .onConflictDoUpdate({ target: scheduledJobs.name, set: { nextRunAt: tomorrow } });
    return {
      reviewerId,
      statusReviewerId,
      paper: round!,
      fresh,
      noRole,
      declined,
      late: { ...late, assignmentId: lateAssignment!.id },
      open,
      own,
      closed,
      conflicted,
      overdue,
    };
  }

  beforeAll(async () => {
    site = await jobsSite();
    await site.start(); // migrates and seeds the demo society
    await site.stop();
    cases = await site.withDb(setUp);
    await site.start();
    admin = await signedInOn(site.url(), 'admin@example.org', 'Admin2026demo');
    editor = await signedInOn(site.url(), 'editor@example.org', 'Editor2026demo');
    reviewer = await signedInOn(site.url(), 'reviewer@example.org', 'Reviewer2026demo');
    statusReviewer = await signedInOn(site.url(), 'status-reviewer@example.org', 'Status2026demo');
  });
  afterAll(async () => {
    await site?.drop();
  });

  const holdersOf = async (who: SignedIn, queue: string, itemId: number) =>
    (await who.call<Overview>(`/api/amsw1101/queues?queue=${queue}`)).data.items.find((i) => i.id === itemId)!;

  it('gives a membership item to a reviewer, who is mailed in their language; the log keeps it', async () => {
    const pool = await admin.call<{ reviewers: { accountId: number; excluded: string | null; openLoad: number }[] }>(
      `/api/amsw1101/queues/reviewers?itemId=${cases.open.itemId}`,
    );
    expect(pool.code).toBe(0);
    const ids = pool.data.reviewers.map((r) => r.accountId);
    expect(ids).toContain(cases.fresh.accountId);
    expect(ids).not.toContain(cases.noRole.accountId);
    expect(pool.data.reviewers.find((r) => r.accountId === cases.fresh.accountId)).toMatchObject({
      excluded: null,
      openLoad: 0,
    });

    const given = await admin.post<{ assignmentId: number }>('/api/amsw1101/queues/assign', {
      itemId: cases.open.itemId,
      reviewerId: cases.fresh.accountId,
      holders: [],
    });
    expect(given.code).toBe(0);
    const mail = await mailWithSubject(cases.fresh.email, 'A review for you');
    expect(mail.text).toContain(cases.open.number);
    expect(mail.text).toContain(`${SITE_URL}/en-us/member/`);

    const item = await holdersOf(admin, 'membership', cases.open.itemId);
    expect(item.holders).toEqual([expect.objectContaining({ reviewerId: cases.fresh.accountId, remindedAt: null })]);
    // Now the picker counts the review and marks them as holding it.
    const again = await admin.call<{ reviewers: { accountId: number; excluded: string | null; openLoad: number }[] }>(
      `/api/amsw1101/queues/reviewers?itemId=${cases.open.itemId}`,
    );
    expect(again.data.reviewers.find((r) => r.accountId === cases.fresh.accountId)).toMatchObject({
      excluded: 'assigned',
      openLoad: 1,
    });

    // A view from before the change is refused, and so is giving it to its holder again.
    const stale = await admin.post('/api/amsw1101/queues/assign', {
      itemId: cases.open.itemId,
      reviewerId: cases.reviewerId,
      holders: [],
    });
    expect(stale.code).toBe(-10);
    expect((stale.data as { reason: string }).reason).toBe('queueChanged');
    const twice = await admin.post('/api/amsw1101/queues/assign', {
      itemId: cases.open.itemId,
      reviewerId: cases.fresh.accountId,
      holders: [given.data.assignmentId],
    });
    expect(twice.code).toBe(-13);

    const log = await admin.call<{ rows: { action: string; targetId: string; after: { reviewers: number[] } }[] }>(
      '/api/amsw1101/audit?action=review',
    );
    expect(log.data.rows).toContainEqual(
      expect.objectContaining({
        action: 'review.assigned',
        targetId: String(cases.open.itemId),
        after: expect.objectContaining({ reviewers: [cases.fresh.accountId] }),
      }),
    );
  });

  it('reassigns: the reviewer it was taken from can no longer open it; the new one works it', async () => {
    const before = await holdersOf(admin, 'membership', cases.open.itemId);
    const moved = await admin.post('/api/amsw1101/queues/assign', {
      itemId: cases.open.itemId,
      reviewerId: cases.reviewerId,
      replaces: before.holders[0]!.assignmentId,
      holders: before.holders.map((h) => h.assignmentId),
    });
    expect(moved.code).toBe(0);
    expect((await reviewer.call(`/api/amsw0601/item?reviewId=${cases.open.itemId}`)).code).toBe(0);
    const after = await holdersOf(admin, 'membership', cases.open.itemId);
    expect(after.holders.map((h) => h.reviewerId)).toEqual([cases.reviewerId]);

    // Taken back from the demo reviewer in turn: a reviewer of the whole queue no longer opens it.
    const back = await admin.post('/api/amsw1101/queues/assign', {
      itemId: cases.open.itemId,
      reviewerId: cases.fresh.accountId,
      replaces: after.holders[0]!.assignmentId,
      holders: after.holders.map((h) => h.assignmentId),
    });
    expect(back.code).toBe(0);
    expect((await reviewer.call(`/api/amsw0601/item?reviewId=${cases.open.itemId}`)).code).toBe(-11);
    const desk = await reviewer.call<{ itemList: { reviewId: number }[] }>('/api/amsw0601/items?queue=membership');
    expect(desk.data.itemList.map((i) => i.reviewId)).not.toContain(cases.open.itemId);
    const log = await admin.call<{ rows: { action: string; detail: { replaced: number } }[] }>(
      '/api/amsw1101/audit?action=review.reassigned',
    );
    expect(log.data.rows.map((r) => r.detail.replaced)).toEqual([cases.reviewerId, cases.fresh.accountId]);
  });

  it('lets the editor-in-chief give a paper to a reviewer and move it to another, through the paper’s own path', async () => {
    const { itemId, paperId, number } = cases.paper;
    const given = await editor.post('/api/amsw1101/queues/assign', {
      itemId,
      reviewerId: cases.reviewerId,
      holders: [],
    });
    expect(given.code).toBe(0);
    const desk = await reviewer.call<{ itemList: { reviewId: number }[] }>('/api/amsw0601/items?queue=paper');
    expect(desk.data.itemList.map((i) => i.reviewId)).toContain(itemId);
    const invitation = await mailWithSubject(
      'reviewer@example.org',
      '',
      5000,
      `${SITE_URL}/member/paperReview/emailClaim`,
    );
    expect(invitation.text).toContain(number!);
    expect((await reviewer.call(`/api/amsw0801/paper?paperId=${paperId}`)).code).toBe(0);

    const item = await holdersOf(editor, 'paper', itemId);
    const moved = await editor.post('/api/amsw1101/queues/assign', {
      itemId,
      reviewerId: cases.statusReviewerId,
      replaces: item.holders[0]!.assignmentId,
      holders: item.holders.map((h) => h.assignmentId),
    });
    expect(moved.code).toBe(0);
    expect((await reviewer.call(`/api/amsw0801/paper?paperId=${paperId}`)).code).toBe(-11);
    const theirs = await statusReviewer.call<{ itemList: { reviewId: number }[] }>('/api/amsw0601/items?queue=paper');
    expect(theirs.data.itemList.map((i) => i.reviewId)).toContain(itemId);
    expect(
      (await reviewer.call<{ itemList: { reviewId: number }[] }>('/api/amsw0601/items?queue=paper')).data.itemList.map(
        (i) => i.reviewId,
      ),
    ).not.toContain(itemId);
  });

  it('refuses a reviewer without the role, the subject person, a declared conflict, a closed or unknown item', async () => {
    const assign = (itemId: number, reviewerId: number) =>
      admin.post<{ reason?: string }>('/api/amsw1101/queues/assign', { itemId, reviewerId, holders: [] });
    const noRole = await assign(cases.own.itemId, cases.noRole.accountId);
    expect([noRole.code, noRole.data.reason]).toEqual([-10, 'noRole']);
    const own = await assign(cases.own.itemId, cases.reviewerId);
    expect([own.code, own.data.reason]).toEqual([-10, 'ownSubject']);
    const pool = await admin.call<{ reviewers: { accountId: number; excluded: string | null }[] }>(
      `/api/amsw1101/queues/reviewers?itemId=${cases.own.itemId}`,
    );
    expect(pool.data.reviewers.find((r) => r.accountId === cases.reviewerId)!.excluded).toBe('ownSubject');
    // The declined reviewer holds the item (with their conflict): the page shows them.
    const conflict = await admin.post<{ reason?: string }>('/api/amsw1101/queues/assign', {
      itemId: cases.conflicted.itemId,
      reviewerId: cases.declined.accountId,
      holders: (await holdersOf(admin, 'membership', cases.conflicted.itemId)).holders.map((h) => h.assignmentId),
    });
    expect([conflict.code, conflict.data.reason]).toEqual([-10, 'declaredConflict']);
    const closed = await assign(cases.closed.itemId, cases.fresh.accountId);
    expect([closed.code, closed.data.reason]).toEqual([-10, 'reviewClosed']);
    expect((await assign(99_999_999, cases.fresh.accountId)).code).toBe(-6);
    const past = await admin.post('/api/amsw1101/queues/assign', {
      itemId: cases.own.itemId,
      reviewerId: cases.fresh.accountId,
      holders: [],
      dueOn: '2020-01-01',
    });
    expect(past.code).toBe(-10);
    // Nothing was given by the refusals.
    expect((await holdersOf(admin, 'membership', cases.own.itemId)).holders).toEqual([]);
  });

  it('reminds the holders of an overdue item once in 24 hours, in their language, and says so when refused', async () => {
    const first = await admin.post<{ sent: number; skipped: number }>('/api/amsw1101/queues/remind', {
      itemId: cases.overdue.itemId,
    });
    expect(first).toMatchObject({ code: 0, data: { sent: 1, skipped: 0 } });
    const [mail] = await settledMails(cases.late.email, 1);
    expect(mail!.subject).toContain('審查已逾期');
    expect(mail!.text).toContain(cases.overdue.number);
    const item = await holdersOf(admin, 'membership', cases.overdue.itemId);
    expect(item.overdue).toBe(true);
    expect(item.holders[0]!.remindedAt).not.toBeNull();

    const again = await admin.post<{ reason: string; nextAt: string }>('/api/amsw1101/queues/remind', {
      itemId: cases.overdue.itemId,
    });
    expect(again.code).toBe(-10);
    expect(again.data.reason).toBe('reminderTooSoon');
    expect(new Date(again.data.nextAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(again.message).toMatch(/24/);
    const all = await admin.post<{ sent: number; skipped: number }>('/api/amsw1101/queues/remind', {
      queue: 'membership',
    });
    expect(all.code).toBe(0);
    expect(all.data.skipped).toBeGreaterThanOrEqual(1);
    expect(await settledMails(cases.late.email, 1)).toHaveLength(1);
    // An item not overdue has nobody to remind.
    const notDue = await admin.post<{ reason: string }>('/api/amsw1101/queues/remind', { itemId: cases.open.itemId });
    expect([notDue.code, notDue.data.reason]).toEqual([-10, 'reminderNobody']);
    const log = await admin.call<{ rows: { action: string; targetId: string }[] }>(
      '/api/amsw1101/audit?action=review.reminded',
    );
    expect(log.data.rows.filter((r) => r.targetId === String(cases.overdue.itemId))).toHaveLength(1);

    const page = await admin.page('/en-us/staff/queues?queue=membership&overdue=1');
    expect(page.html).toContain('Remind all overdue');
    expect(page.html).toContain(cases.overdue.number);
    expect(page.html).toMatch(/reminded /);
  });

  it('keeps each supervisor to their queues, and refuses everyone else', async () => {
    // The editor-in-chief supervises papers only.
    const other = await editor.post('/api/amsw1101/queues/assign', {
      itemId: cases.own.itemId,
      reviewerId: cases.fresh.accountId,
      holders: [],
    });
    expect(other.code).toBe(-11);
    expect((await editor.call(`/api/amsw1101/queues/reviewers?itemId=${cases.own.itemId}`)).code).toBe(-11);
    expect((await editor.post('/api/amsw1101/queues/remind', { itemId: cases.overdue.itemId })).code).toBe(-11);
    expect((await editor.post('/api/amsw1101/queues/remind', { queue: 'membership' })).code).toBe(-11);

    const base = site.url();
    const organ = await signUpOrganisation(base);
    const others = [
      await signedInOn(base, organ.email, organ.password, 'organ'),
      await signedInOn(base, 'member@example.org', 'Member2026demo'),
      reviewer,
      await signedInOn(base, 'finance@example.org', 'Finance2026demo'),
    ];
    const waiting = await signedInOn(base, 'admin@example.org', 'Admin2026demo', 'individual', {
      secondFactor: false,
    });
    const calls = [
      (who: SignedIn) => who.call(`/api/amsw1101/queues/reviewers?itemId=${cases.own.itemId}`),
      (who: SignedIn) =>
        who.post('/api/amsw1101/queues/assign', {
          itemId: cases.own.itemId,
          reviewerId: cases.fresh.accountId,
          holders: [],
        }),
      (who: SignedIn) => who.post('/api/amsw1101/queues/remind', { itemId: cases.overdue.itemId }),
    ];
    for (const call of calls) {
      for (const who of others) expect((await call(who)).code).toBe(-11);
      const refused = await call(waiting);
      expect(refused.code).toBe(-11);
      expect((refused.data as { secondFactor: string }).secondFactor).toBe('required');
    }
    for (const path of [
      '/api/amsw1101/queues/reviewers?itemId=1',
      '/api/amsw1101/queues/assign',
      '/api/amsw1101/queues/remind',
    ]) {
      const response = await fetch(`${base}${path}`, {
        method: path.includes('?') ? 'GET' : 'POST',
        headers: { 'Content-Type': 'application/json', Origin: base },
        body: path.includes('?') ? undefined : '{}',
      });
      expect(((await response.json()) as { code: number }).code).toBe(-9);
    }
    expect((await holdersOf(admin, 'membership', cases.own.itemId)).holders).toEqual([]);
  });

  it('reminds again once the day has passed, by itself each day', async () => {
    await site.stop();
    await site.withDb(async (db) => {
      await db
        .update(reviewAssignments)
        .set({ remindedAt: new Date(Date.now() - 25 * 3_600_000) })
        .where(eq(reviewAssignments.id, cases.late.assignmentId));
      await jobsDue(db);
    });
    await site.start();
    // The daily job reminds the overdue reviewer on its own, at the start's first tick.
    expect(await settledMails(cases.late.email, 2)).toHaveLength(2);
    // The admin's session (its second factor passed) outlives the restart.
    const again = await fetch(`${site.url()}/api/amsw1101/queues/remind`, {
      method: 'POST',
      headers: { ...admin.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ itemId: cases.overdue.itemId }),
    });
    expect(await again.json()).toMatchObject({ code: -10, data: { reason: 'reminderTooSoon' } });
    const log = await fetch(`${site.url()}/api/amsw1101/audit?action=review.reminded`, { headers: admin.auth });
    const rows = ((await log.json()) as { data: { rows: { actorType: string; targetId: string }[] } }).data.rows;
    expect(rows.filter((r) => r.targetId === String(cases.overdue.itemId)).map((r) => r.actorType)).toEqual([
      'system',
      'individual',
    ]);
  });
});
