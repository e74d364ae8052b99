import { and, eq, isNull } from 'drizzle-orm';
import { isLocale, type Locale } from '../../../lib/locales';
import type { PaperText } from '../../../lib/papers/model';
import { reviewAssignments } from '../../db/schema';
import { enqueueMails } from '../../integrations/mail/outbox';
import { runtime } from '../../runtime';
import { mailSite } from '../mail/mail-site';
import { callIn, loadCalls } from './calls';
import { reviewMail } from './paper-review';
import { issueReviewLink } from './review-links';

const DAY_MS = 86_400_000;
/** The reminder before the due date goes this long before it. */
export const REMIND_BEFORE_DAYS = 3;

/**
 * The assignments a reminder is due for: on an open round, not taken back, not declined, no report
 * sent, and that reminder not sent yet; `before` from three days before the due time until it,
 * `overdue` once it is past.
 */
const DUE_REMINDERS = `
  SELECT a.id, a.due_at, a.declaration, p.id AS paper_id, p.post_id, p.number, p.title,
    r.email, r.name_zh, r.name_en, r.preferred_locale,
    CASE WHEN a.due_at <= $1::timestamptz THEN 'remindOverdue' ELSE 'remindBefore' END AS kind
  FROM review_assignments a
  JOIN review_items i ON i.id = a.item_id AND i.queue = 'paper' AND i.status = 'open'
  JOIN papers p ON p.id = i.subject_id
  JOIN accounts r ON r.id = a.reviewer_id
  LEFT JOIN paper_reviews pr ON pr.assignment_id = a.id
  WHERE a.revoked_at IS NULL AND a.declaration IS DISTINCT FROM 'conflict' AND pr.submitted_at IS NULL
    AND ((a.due_at <= $1::timestamptz AND a.reminded_overdue_at IS NULL)
      OR (a.due_at > $1::timestamptz AND a.due_at <= $2::timestamptz AND a.reminded_before_at IS NULL))`;

/**
 * Reminds reviewers before their due date and once overdue (each once: the assignment's
 * `reminded_*_at`, set by a conditional update in the mail's transaction, so two processes send
 * one). A reviewer who has not used a link yet gets a new one (the old one stops); one who has
 * gets the review page, where they sign in or their browser still holds its access.
 */
export async function sendReviewReminders(now = new Date()): Promise<number> {
  const { database } = await runtime();
  const rows = await database.prepared('paper_review_reminders_due', DUE_REMINDERS, [
    now.toISOString(),
    new Date(now.getTime() + REMIND_BEFORE_DAYS * DAY_MS).toISOString(),
  ]);
  if (rows.length === 0) return 0;
  const site = await mailSite();
  const calls = await loadCalls();
  let sent = 0;
  for (const row of rows) {
    const kind = row.kind as 'remindBefore' | 'remindOverdue';
    const column = kind === 'remindBefore' ? reviewAssignments.remindedBeforeAt : reviewAssignments.remindedOverdueAt;
    const field = kind === 'remindBefore' ? 'remindedBeforeAt' : 'remindedOverdueAt';
    const locale: Locale = isLocale(row.preferred_locale) ? row.preferred_locale : 'zh-tw';
    const name = ((locale === 'en-us'
      ? (row.name_en as string) || row.name_zh
      : (row.name_zh as string) || row.name_en) ?? '') as string;
    const dueAt = new Date(row.due_at as string);
    const call = calls.rows.find((c) => c.id === row.post_id);
    if (!call) continue;
    const delivered = await database.db.transaction(async (tx) => {
      const marked = await tx
        .update(reviewAssignments)
        .set({ [field]: now })
        .where(and(eq(reviewAssignments.id, row.id as number), isNull(column)))
        .returning({ id: reviewAssignments.id });
      if (marked.length === 0) return false;
      // Not declared yet: the reviewer may never have opened the first mail; a new link comes with the reminder.
      const link = row.declaration === null ? await issueReviewLink(tx, row.id as number, dueAt, now) : null;
      const paper = { id: row.paper_id as number, number: row.number as string, title: row.title as PaperText };
      await enqueueMails(
        tx,
        [
          reviewMail(
            kind,
            site,
            { email: row.email as string, locale, name },
            paper,
            callIn(calls, call.id),
            dueAt,
            link,
          ),
        ],
        { kind: `papers.${kind}`, eraseAfter: link?.expiresAt ?? new Date(now.getTime() + 30 * DAY_MS) },
      );
      return true;
    });
    if (delivered) sent++;
  }
  return sent;
}
