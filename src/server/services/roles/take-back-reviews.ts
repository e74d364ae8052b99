/**
 * A reviewer role revoked (DESIGN.md §13, §14): what its holder still has open on the role's queue
 * is taken back in the revocation's transaction, through the queue's one take-back path (for a
 * paper the editor's, `preparePaperTakeBack`: the engine's `takeBackAssignment`, its mailed links
 * stop, the reviewer is told; for another queue the engine's `takeBackAssignment`, as the console's
 * reassignment), each audited `review.revoked` with the reason `roleRevoked`. The queue's supervisors (the holders of its
 * supervising roles but `admin`: the editor-in-chief for papers, the office or the CE officer for
 * the others) are told by mail, in their language, which items lost a reviewer. A report already
 * sent and a declared conflict stay as they are: nothing of them is open. Reading an item needs the
 * role as well as the assignment in any case (the engine's `assertQueueRole`, papers' `viewerOf`
 * and `reviewAccess`).
 */
import { eq, sql } from 'drizzle-orm';
import { getT } from '../../../i18n';
import { localName } from '../../../lib/i18n-text';
import { LOCALES, type Locale } from '../../../lib/locales';
import { localePath } from '../../../lib/paths';
import { REVIEW_QUEUES, type ReviewQueue, type Role, reviewerRole } from '../../../lib/roles';
import { QUEUE_SUPERVISORS } from '../../../lib/staff-sections';
import type { Executor } from '../../db/client';
import { accounts } from '../../db/schema';
import { enqueueMails } from '../../integrations/mail/outbox';
import { reviewerRemoved } from '../../integrations/mail/review-templates';
import { runtime } from '../../runtime';
import type { AuditActor } from '../accounts/audit';
import { mailSite } from '../mail/mail-site';
import { preparePaperTakeBack } from '../papers/paper-review';
import { auditAssignment, lockedHolders } from '../reviews/assignment-audit';
import { takeBackAssignment } from '../reviews/engine';
import { subjectOf } from '../reviews/subjects';
import { roleHoldersToMail } from './role-holders';

const MAIL_KEEP_MS = 45 * 86_400_000;

/** The step a revocation runs in its transaction: answers how many assignments it took back. */
export type ReviewTakeBack = (tx: Executor, by: AuditActor, ip: string | undefined) => Promise<number>;

type OpenAssignment = {
  id: number;
  item_id: number;
  subject_id: number;
  due_at: string | Date | null;
};

/**
 * A reviewer's open assignments on a queue: on open items, not taken back, no conflict declared,
 * no paper report sent (what the reminders call holding an item).
 */
async function openAssignments(executor: Executor, reviewerId: number, queue: ReviewQueue) {
  const found = await executor.execute<OpenAssignment>(sql`
    SELECT a.id, a.item_id, i.subject_id, a.due_at
    FROM review_assignments a JOIN review_items i ON i.id = a.item_id
    WHERE a.reviewer_id = ${reviewerId} AND i.queue = ${queue} AND i.status = 'open' AND a.revoked_at IS NULL
      AND a.declaration IS DISTINCT FROM 'conflict'
      AND NOT EXISTS (SELECT 1 FROM paper_reviews pr WHERE pr.assignment_id = a.id AND pr.submitted_at IS NOT NULL)
    ORDER BY a.item_id, a.id`);
  return found.rows;
}

/**
 * Prepares, before the revocation's transaction, taking back what the holder of `role` has open
 * (what the mails need is read here: the reviewer, the supervisors, the items' facts in both
 * languages); null when `role` is no reviewer role. The step answered re-reads the open
 * assignments in the transaction, each with its item locked.
 */
export async function prepareReviewTakeBack(accountId: number, role: Role): Promise<ReviewTakeBack | null> {
  const queue = REVIEW_QUEUES.find((q) => reviewerRole(q) === role);
  if (queue === undefined) return null;
  const { db } = (await runtime()).database;
  const seen = await openAssignments(db, accountId, queue);
  const [reviewer] = await db
    .select({ email: accounts.email, nameZh: accounts.nameZh, nameEn: accounts.nameEn })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  // Those to tell: the holders of the queue's supervising roles but `admin` (not the reviewer).
  const supervisors = await roleHoldersToMail(
    QUEUE_SUPERVISORS[queue].filter((r) => r !== 'admin'),
    accountId,
  );
  const site = await mailSite();
  const subject = subjectOf(queue);
  const ids = [...new Set(seen.map((a) => a.subject_id))];
  const facts = new Map<Locale, Map<number, { number: string; title: string }>>();
  for (const locale of LOCALES) facts.set(locale, await subject.summaries(ids, locale));
  const paperStep = queue === 'paper' ? await preparePaperTakeBack(accountId) : null;

  return async (tx, by, ip) => {
    const now = new Date();
    const taken: OpenAssignment[] = [];
    for (const a of await openAssignments(tx, accountId, queue)) {
      const before = await lockedHolders(tx, a.item_id);
      // Taken back by someone else since it was read: nothing left to take.
      if (!before.some((h) => h.id === a.id)) continue;
      if (paperStep) {
        await paperStep(
          tx,
          { assignmentId: a.id, subjectId: a.subject_id, dueAt: a.due_at === null ? null : new Date(a.due_at) },
          now,
        );
      } else await takeBackAssignment(tx, a.id, now);
      await auditAssignment(tx, {
        actor: by,
        ip,
        action: 'review.revoked',
        item: { id: a.item_id, queue, subjectId: a.subject_id },
        before,
        assignmentId: a.id,
        reviewerId: accountId,
        detail: { reason: 'roleRevoked' },
      });
      taken.push(a);
    }
    if (taken.length === 0 || supervisors.length === 0) return taken.length;
    const mails = supervisors.map((s) => {
      const t = getT(s.locale);
      return {
        to: s.email,
        locale: s.locale,
        ...reviewerRemoved({
          siteName: site.siteName[s.locale],
          locale: s.locale,
          name: s.name,
          queue: t(`reviews:queues.${queue}`),
          reviewer: {
            name: localName({ zh: reviewer?.nameZh ?? '', en: reviewer?.nameEn ?? '' }, s.locale),
            email: reviewer?.email ?? '',
          },
          items: taken.map((a) => {
            const fact = facts.get(s.locale)?.get(a.subject_id);
            return { number: fact?.number || String(a.subject_id), title: fact?.title ?? '' };
          }),
          url: site.origin + localePath('/staff/queues', s.locale),
        }),
      };
    });
    await enqueueMails(tx, mails, {
      kind: 'reviews.reviewerRemoved',
      eraseAfter: new Date(now.getTime() + MAIL_KEEP_MS),
    });
    return taken.length;
  };
}
