/**
 * A queue's supervisor at work from the console (DESIGN.md §13, §19): giving an open item to a
 * reviewer of the queue, taking it back and giving it to another, and reminding the holders of
 * overdue items. The assignment itself is the engine's (`giveAssignment`, `takeBackAssignment`);
 * a paper goes through the papers' own path (its mailed link, its status), the same the editor's
 * page uses. Every change is audited in its transaction.
 */
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { addDays, type CalendarDate, endOfTaipeiDate, taipeiDate } from '../../../lib/calendar-date';
import { ErrorCode } from '../../../lib/error-codes';
import { localName } from '../../../lib/i18n-text';
import { getT } from '../../../i18n';
import { LOCALES, type Locale } from '../../../lib/locales';
import { localePath } from '../../../lib/paths';
import { ASSIGNED_QUEUES, type ReviewQueue, reviewerRole } from '../../../lib/roles';
import { supervisedQueues } from '../../../lib/staff-sections';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import { reviewAssignments, reviewItems } from '../../db/schema';
import { AppError } from '../../app-error';
import { enqueueMails } from '../../integrations/mail/outbox';
import { reviewNotice } from '../../integrations/mail/review-templates';
import { runtime } from '../../runtime';
import { mailSite, type MailSite } from '../mail/mail-site';
import { assignPaperFromConsole, reviewerContact } from '../papers/paper-review';
import type { ReviewItemRow } from '../reviews/contract';
import { auditAssignment, type Holder, lockedHolders } from '../reviews/assignment-audit';
import { giveAssignment, takeBackAssignment } from '../reviews/engine';
import { subjectOf } from '../reviews/subjects';
import { type AuditActor, recordAudit, SYSTEM } from '../accounts/audit';

const DAY_MS = 86_400_000;
/** A reviewer is reminded from the console at most once in this long per assignment. */
export const REMIND_EVERY_MS = DAY_MS;
/** Without a due date of its own, an item given when its own is past is due this many days on. */
const DEFAULT_DUE_DAYS = 7;
const MAIL_KEEP_MS = 45 * DAY_MS;

function rolesOf(actor: Actor) {
  return actor.account.userType === 'individual' ? actor.account.roles : [];
}

/** -11 unless the actor supervises the queue. */
function assertSupervises(actor: Actor, queue: ReviewQueue): void {
  if (!supervisedQueues(rolesOf(actor)).includes(queue)) throw new AppError(ErrorCode.NO_PERMISSION);
}

/** An item of a queue the actor supervises (-6 unknown, -11 another queue's or the actor's own). */
async function supervisedItem(actor: Actor, itemId: number): Promise<ReviewItemRow> {
  const { db } = (await runtime()).database;
  const [item] = await db.select().from(reviewItems).where(eq(reviewItems.id, itemId));
  if (!item) throw new AppError(ErrorCode.NO_DATA);
  assertSupervises(actor, item.queue);
  if (item.applicantId === actor.accountId)
    throw new AppError(ErrorCode.NO_PERMISSION, { reason: 'ownApplication' }, { key: 'reviewOwn' });
  return item;
}

export interface EligibleReviewer {
  accountId: number;
  name: string;
  email: string;
  /** Reviews they hold now on open items, in every queue. */
  openLoad: number;
  /** Why they may not take this item: its subject, a declared conflict, or they hold it already. */
  excluded: 'ownSubject' | 'conflict' | 'assigned' | null;
}

/**
 * The holders of the item's queue's reviewer role (closed accounts left out), the least busy first,
 * with why any of them may not take it; and who holds the item now. One statement for the pool.
 */
export async function eligibleReviewers(actor: Actor, itemId: number, locale: Locale) {
  const item = await supervisedItem(actor, itemId);
  const { db } = (await runtime()).database;
  const result = await db.execute<{
    id: number;
    name_zh: string;
    name_en: string;
    email: string;
    load: number;
    declaration: 'none' | 'conflict' | null;
    assignment_id: number | null;
    revoked: boolean | null;
  }>(sql`
    SELECT ac.id, ac.name_zh, ac.name_en, ac.email, x.declaration, x.id AS assignment_id,
      x.revoked_at IS NOT NULL AS revoked,
      (SELECT count(*)::int FROM review_assignments a JOIN review_items i ON i.id = a.item_id
        WHERE a.reviewer_id = ac.id AND i.status = 'open' AND a.revoked_at IS NULL) AS load
    FROM account_roles r JOIN accounts ac ON ac.id = r.account_id
    LEFT JOIN review_assignments x ON x.item_id = ${item.id} AND x.reviewer_id = ac.id
    WHERE r.role = ${reviewerRole(item.queue)} AND ac.closed_at IS NULL
    ORDER BY load, ac.id`);
  const reviewers: EligibleReviewer[] = result.rows.map((r) => ({
    accountId: r.id,
    name: localName({ zh: r.name_zh, en: r.name_en }, locale),
    email: r.email,
    openLoad: Number(r.load),
    excluded:
      r.id === item.applicantId
        ? 'ownSubject'
        : r.declaration === 'conflict'
          ? 'conflict'
          : r.assignment_id !== null && r.revoked === false
            ? 'assigned'
            : null,
  }));
  const holders = result.rows
    .filter((r) => r.assignment_id !== null && r.revoked === false)
    .map((r) => ({ assignmentId: r.assignment_id!, reviewerId: r.id }));
  return { itemId: item.id, queue: item.queue, open: item.status === 'open', holders, reviewers };
}

/** The mail of an item given to a reviewer, or of a reminder, in the reviewer's language. */
async function noticeFor(
  kind: 'assigned' | 'overdue',
  site: MailSite,
  item: Pick<ReviewItemRow, 'id' | 'queue' | 'subjectId'>,
  reviewer: { email: string; locale: Locale; name: string },
  dueAt: Date,
  summaries: Map<Locale, Map<number, { number: string; title: string }>>,
) {
  const locale = reviewer.locale;
  const summary = summaries.get(locale)?.get(item.subjectId);
  const path = subjectOf(item.queue).pagePath(item.queue, { reviewId: item.id, subjectId: item.subjectId });
  return {
    to: reviewer.email,
    locale,
    ...reviewNotice({
      kind,
      siteName: site.siteName[locale],
      locale,
      name: reviewer.name,
      queue: getT(locale)(`reviews:queues.${item.queue}`),
      number: summary?.number ?? String(item.subjectId),
      title: summary?.title ?? '',
      dueAt,
      url: site.origin + localePath(path, locale),
    }),
  };
}

/** The subjects' facts in both languages (what a mail names the item by). */
async function summariesOf(queue: ReviewQueue, subjectIds: number[]) {
  const subject = subjectOf(queue);
  const found = new Map<Locale, Map<number, { number: string; title: string }>>();
  for (const locale of LOCALES) found.set(locale, await subject.summaries(subjectIds, locale));
  return found;
}

export interface AssignInput {
  itemId: number;
  reviewerId: number;
  /** The assignment taken back for this one (a reassignment), or null. */
  replaces: number | null;
  /** The assignments holding the item as the supervisor saw it: a change since is refused (-10). */
  holders: number[];
  /** The day (Taipei) the review is due at its end; by default the queue's own rule. */
  dueOn?: string | undefined;
}

/**
 * The supervisor gives an open item to a reviewer of its queue, or takes one assignment back and
 * gives the item to another (the old row stays, taken back: the history). Refused: not the
 * supervisor (-11); a closed item, a reviewer without the role, the item's own subject, one who
 * declared a conflict, a changed item since the supervisor's view (-10); one holding it already
 * (-13). The reviewer is mailed in their language; audited `review.assigned` / `review.reassigned`
 * with the holders before and after.
 */
export async function assignFromConsole(
  actor: Actor,
  input: AssignInput,
  ip: string,
): Promise<{ assignmentId: number }> {
  const item = await supervisedItem(actor, input.itemId);
  if (item.status !== 'open')
    throw new AppError(ErrorCode.DATA_CHECK, { reason: 'reviewClosed' }, { key: 'reviewClosed' });
  let before: Holder[] = [];
  const steps = {
    async before(tx: Executor) {
      // The item locked, then what holds it compared with what the supervisor saw.
      before = await lockedHolders(tx, item.id);
      const seen = [...new Set(input.holders)].sort((a, b) => a - b);
      if (seen.join(',') !== before.map((h) => h.id).join(','))
        throw new AppError(ErrorCode.DATA_CHECK, { reason: 'queueChanged' }, { key: 'queueChanged' });
      if (input.replaces !== null && !before.some((h) => h.id === input.replaces))
        throw new AppError(ErrorCode.DATA_CHECK, { reason: 'assignmentClosed' }, { key: 'assignmentClosed' });
    },
    async after(tx: Executor, assignmentId: number) {
      await auditAssignment(tx, {
        actor: { userType: 'individual', accountId: actor.accountId },
        action: input.replaces === null ? 'review.assigned' : 'review.reassigned',
        ip,
        item,
        before,
        assignmentId,
        reviewerId: input.reviewerId,
        detail: {
          replaced: input.replaces === null ? null : before.find((h) => h.id === input.replaces)!.reviewerId,
        },
      });
    },
  };
  let assignmentId = 0;
  if (item.queue === 'paper') {
    await assignPaperFromConsole(
      actor.accountId,
      item.subjectId,
      { reviewerId: input.reviewerId, dueOn: input.dueOn, replaces: input.replaces },
      {
        before: steps.before,
        after: async (tx, id) => {
          assignmentId = id;
          await steps.after(tx, id);
        },
      },
    );
    return { assignmentId };
  }
  const today = taipeiDate();
  if (input.dueOn !== undefined && (input.dueOn < today || input.dueOn > addDays(today, 365)))
    throw new AppError(ErrorCode.DATA_CHECK, { fields: ['dueOn'] }, { key: 'reviewDueInvalid' });
  const dueAt = input.dueOn
    ? endOfTaipeiDate(input.dueOn as CalendarDate)
    : item.dueAt.getTime() > Date.now()
      ? item.dueAt
      : endOfTaipeiDate(addDays(today, DEFAULT_DUE_DAYS));
  const { db } = (await runtime()).database;
  const reviewer = await reviewerContact(input.reviewerId);
  const site = await mailSite();
  const summaries = await summariesOf(item.queue, [item.subjectId]);
  await db.transaction(async (tx) => {
    await steps.before(tx);
    if (input.replaces !== null) await takeBackAssignment(tx, input.replaces);
    assignmentId = await giveAssignment(tx, item.id, {
      reviewerId: input.reviewerId,
      assignedBy: actor.accountId,
      dueAt,
    });
    await enqueueMails(tx, [await noticeFor('assigned', site, item, reviewer, dueAt, summaries)], {
      kind: 'reviews.assigned',
      eraseAfter: new Date(dueAt.getTime() + MAIL_KEEP_MS),
    });
    await steps.after(tx, assignmentId);
  });
  return { assignmentId };
}

/**
 * The holders to remind of overdue open items (of one item, `$1`, or of a queue, `$2`): not taken
 * back, no conflict declared, no paper report sent; an item is overdue once the earliest due date
 * of its holders (or its own) has passed.
 */
const OVERDUE_HOLDERS = sql`
  SELECT a.id, a.item_id, a.reviewer_id, a.reminded_at, coalesce(a.due_at, i.due_at) AS due_at, i.queue, i.subject_id
  FROM review_items i
  JOIN review_assignments a ON a.item_id = i.id AND a.revoked_at IS NULL AND a.declaration IS DISTINCT FROM 'conflict'
  WHERE i.status = 'open'
    AND coalesce((SELECT min(b.due_at) FROM review_assignments b WHERE b.item_id = i.id AND b.revoked_at IS NULL),
      i.due_at) < now()
    AND NOT EXISTS (SELECT 1 FROM paper_reviews pr WHERE pr.assignment_id = a.id AND pr.submitted_at IS NOT NULL)`;

export interface RemindResult {
  /** Reviewers mailed. */
  sent: number;
  /** Reviewers left out: reminded within the last 24 hours. */
  skipped: number;
}

/**
 * Reminds the holders of one overdue item (`itemId`) or of every overdue item of a queue the actor
 * supervises (`queue`), in each reviewer's language: at most once per assignment in 24 hours (one
 * conditional update each, so two supervisors at once send one). One item with nobody to remind
 * now is refused (-10: `reminderNobody` when it is not overdue or nobody holds it,
 * `reminderTooSoon` with `nextAt` when everyone was reminded within the day). Audited
 * `review.reminded` per item.
 */
export async function remindOverdue(
  actor: Actor,
  input: { itemId?: number | undefined; queue?: ReviewQueue | undefined },
  ip: string,
): Promise<RemindResult> {
  const by: AuditActor = { userType: 'individual', accountId: actor.accountId };
  if (input.itemId !== undefined) {
    const item = await supervisedItem(actor, input.itemId);
    if (item.status !== 'open')
      throw new AppError(ErrorCode.DATA_CHECK, { reason: 'reviewClosed' }, { key: 'reviewClosed' });
    return remindHolders(sql`AND i.id = ${item.id}`, by, ip, true);
  }
  if (input.queue === undefined) throw new AppError(ErrorCode.KEY_MISSING, { fields: ['itemId'] });
  assertSupervises(actor, input.queue);
  return remindHolders(sql`AND i.queue = ${input.queue}`, by, ip, false);
}

/**
 * The daily reminder (a background job, hourly like the other daily facts): the holders of every
 * overdue item of the queues that do not remind on their own (papers have theirs,
 * `papers/review-reminders.ts`), each at most once in 24 hours, as the console's button does.
 */
export async function sendOverdueReviewReminders(): Promise<number> {
  const own = sql.join(
    ASSIGNED_QUEUES.map((q) => sql`${q}`),
    sql`, `,
  );
  return (await remindHolders(sql`AND i.queue NOT IN (${own})`, SYSTEM, '', false)).sent;
}

/** Reminds the overdue holders `filter` selects (see `remindOverdue`); `single`: one item, refused when nobody is reminded. */
async function remindHolders(filter: SQL, by: AuditActor, ip: string, single: boolean): Promise<RemindResult> {
  const { db } = (await runtime()).database;
  const found = await db.execute<{
    id: number;
    item_id: number;
    reviewer_id: number;
    reminded_at: string | Date | null;
    due_at: string | Date;
    queue: ReviewQueue;
    subject_id: number;
  }>(sql`${OVERDUE_HOLDERS} ${filter} ORDER BY a.item_id, a.id`);
  const rows = found.rows;
  const now = new Date();
  const since = now.getTime() - REMIND_EVERY_MS;
  const due = rows.filter((r) => r.reminded_at === null || new Date(r.reminded_at).getTime() <= since);
  if (single && due.length === 0) {
    if (rows.length === 0)
      throw new AppError(ErrorCode.DATA_CHECK, { reason: 'reminderNobody' }, { key: 'reminderNobody' });
    const last = Math.max(...rows.map((r) => new Date(r.reminded_at!).getTime()));
    throw new AppError(
      ErrorCode.DATA_CHECK,
      { reason: 'reminderTooSoon', nextAt: new Date(last + REMIND_EVERY_MS).toISOString() },
      { key: 'reminderTooSoon' },
    );
  }
  if (due.length === 0) return { sent: 0, skipped: rows.length };
  const site = await mailSite();
  const byQueue = new Map<ReviewQueue, number[]>();
  for (const r of due) byQueue.set(r.queue, [...(byQueue.get(r.queue) ?? []), r.subject_id]);
  const summaries = new Map<ReviewQueue, Awaited<ReturnType<typeof summariesOf>>>();
  for (const [queue, ids] of byQueue) summaries.set(queue, await summariesOf(queue, [...new Set(ids)]));
  const contacts = new Map<number, Awaited<ReturnType<typeof reviewerContact>>>();
  for (const id of new Set(due.map((r) => r.reviewer_id))) contacts.set(id, await reviewerContact(id));
  const sent = await db.transaction(async (tx) => {
    const reminded: typeof due = [];
    for (const r of due) {
      const marked = await tx
        .update(reviewAssignments)
        .set({ remindedAt: now })
        .where(
          and(
            eq(reviewAssignments.id, r.id),
            isNull(reviewAssignments.revokedAt),
            sql`(${reviewAssignments.remindedAt} IS NULL OR ${reviewAssignments.remindedAt} <= ${new Date(since)})`,
          ),
        )
        .returning({ id: reviewAssignments.id });
      if (marked.length > 0) reminded.push(r);
    }
    if (reminded.length === 0) return reminded;
    const mails = [];
    for (const r of reminded) {
      const item = { id: r.item_id, queue: r.queue, subjectId: r.subject_id };
      mails.push(
        await noticeFor(
          'overdue',
          site,
          item,
          contacts.get(r.reviewer_id)!,
          new Date(r.due_at),
          summaries.get(r.queue)!,
        ),
      );
    }
    await enqueueMails(tx, mails, { kind: 'reviews.reminder', eraseAfter: new Date(now.getTime() + MAIL_KEEP_MS) });
    const byItem = new Map<number, typeof reminded>();
    for (const r of reminded) byItem.set(r.item_id, [...(byItem.get(r.item_id) ?? []), r]);
    await recordAudit(
      tx,
      [...byItem].map(([itemId, list]) => ({
        actor: by,
        action: 'review.reminded',
        ip,
        target: { type: 'reviewItem', id: itemId },
        before: {
          remindedAt: Object.fromEntries(
            list.map((r) => [r.reviewer_id, r.reminded_at ? new Date(r.reminded_at).toISOString() : null]),
          ),
        },
        after: { remindedAt: Object.fromEntries(list.map((r) => [r.reviewer_id, now.toISOString()])) },
        detail: { queue: list[0]!.queue, reviewers: list.map((r) => r.reviewer_id) },
      })),
    );
    return reminded;
  });
  return { sent: sent.length, skipped: rows.length - sent.length };
}
