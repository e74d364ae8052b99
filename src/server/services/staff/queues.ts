/**
 * The console's view of the review queues (DESIGN.md §13, §19): what is open in each queue its
 * reader supervises, how old, when due, who holds it (the reviewers assigned, the last decision
 * made on it), with the overdue first. One statement for the items and the counts, and one per
 * domain for the subjects' facts (the queues' own `summaries`, as the review desk reads them).
 */
import { sql } from 'drizzle-orm';
import type { Locale } from '../../../lib/locales';
import type { ReviewQueue } from '../../../lib/roles';
import { runtime } from '../../runtime';
import type { ReviewSubject, SubjectSummary } from '../reviews/contract';
import { subjectOf } from '../reviews/subjects';

/** The most items the page lists (the overdue and soonest due first). */
export const QUEUE_ITEMS_SHOWN = 100;

export interface QueueCount {
  queue: ReviewQueue;
  open: number;
  overdue: number;
  oldest: string | null;
}

export interface QueueItem {
  id: number;
  queue: ReviewQueue;
  subjectId: number;
  createdAt: string;
  /** The item's due date, or the earliest due date of its reviewers' assignments. */
  dueAt: string;
  overdue: boolean;
  holders: {
    assignmentId: number;
    reviewerId: number;
    nameZh: string;
    nameEn: string;
    dueAt: string | null;
    declaration: string | null;
    /** When the reviewer was last reminded (from the console or by the papers' reminders). */
    remindedAt: string | null;
  }[];
  last: { decision: string; at: string; nameZh: string | null; nameEn: string | null } | null;
  subject: SubjectSummary | null;
}

export async function queueOverview(
  queues: readonly ReviewQueue[],
  filter: { queue?: ReviewQueue | undefined; overdue?: boolean | undefined },
  locale: Locale,
): Promise<{ counts: QueueCount[]; items: QueueItem[]; more: boolean }> {
  const shown = filter.queue ? queues.filter((q) => q === filter.queue) : [...queues];
  if (queues.length === 0) return { counts: [], items: [], more: false };
  const { db } = (await runtime()).database;
  const list = sql.join(
    queues.map((q) => sql`${q}`),
    sql`, `,
  );
  const listed =
    shown.length === 0
      ? sql`NULL`
      : sql.join(
          shown.map((q) => sql`${q}`),
          sql`, `,
        );
  const result = await db.execute<{ counts: QueueCount[] | null; items: Omit<QueueItem, 'subject'>[] | null }>(sql`
    WITH open_items AS (
      SELECT i.id, i.queue, i.subject_id, i.created_at,
        COALESCE((SELECT min(ra.due_at) FROM review_assignments ra
          WHERE ra.item_id = i.id AND ra.revoked_at IS NULL), i.due_at) AS due_at
      FROM review_items i WHERE i.status = 'open' AND i.queue IN (${list})
    )
    SELECT
      (SELECT json_agg(json_build_object('queue', c.queue, 'open', c.open, 'overdue', c.overdue, 'oldest', c.oldest))
        FROM (SELECT queue, count(*)::int AS open, (count(*) FILTER (WHERE due_at < now()))::int AS overdue,
          min(created_at) AS oldest FROM open_items GROUP BY queue) c) AS counts,
      (SELECT json_agg(x ORDER BY x."dueAt", x.id) FROM (
        SELECT o.id, o.queue, o.subject_id AS "subjectId", o.created_at AS "createdAt", o.due_at AS "dueAt",
          o.due_at < now() AS overdue,
          (SELECT COALESCE(json_agg(json_build_object('assignmentId', ra.id, 'reviewerId', ra.reviewer_id,
              'nameZh', a.name_zh, 'nameEn', a.name_en, 'dueAt', ra.due_at, 'declaration', ra.declaration,
              'remindedAt', greatest(ra.reminded_at, ra.reminded_overdue_at, ra.reminded_before_at)) ORDER BY ra.id),
              '[]'::json)
            FROM review_assignments ra JOIN accounts a ON a.id = ra.reviewer_id
            WHERE ra.item_id = o.id AND ra.revoked_at IS NULL) AS holders,
          (SELECT json_build_object('decision', d.decision, 'at', d.at, 'nameZh', a.name_zh, 'nameEn', a.name_en)
            FROM review_decisions d LEFT JOIN accounts a ON a.id = d.reviewer_id
            WHERE d.item_id = o.id ORDER BY d.id DESC LIMIT 1) AS last
        FROM open_items o
        WHERE o.queue IN (${listed}) ${filter.overdue ? sql`AND o.due_at < now()` : sql``}
        ORDER BY o.due_at, o.id LIMIT ${QUEUE_ITEMS_SHOWN + 1}) x) AS items`);
  const row = result.rows[0];
  const counts = queues.map(
    (queue) => row?.counts?.find((c) => c.queue === queue) ?? { queue, open: 0, overdue: 0, oldest: null },
  );
  const rows = (row?.items ?? []).slice(0, QUEUE_ITEMS_SHOWN);
  // One statement per domain: the two membership queues share their subjects (applications).
  const byDomain = new Map<ReviewSubject, number[]>();
  for (const r of rows) byDomain.set(subjectOf(r.queue), [...(byDomain.get(subjectOf(r.queue)) ?? []), r.subjectId]);
  const summaries = new Map<ReviewSubject, Map<number, SubjectSummary>>();
  await Promise.all(
    [...byDomain].map(async ([subject, ids]) => summaries.set(subject, await subject.summaries(ids, locale))),
  );
  return {
    counts,
    items: rows.map((r) => ({ ...r, subject: summaries.get(subjectOf(r.queue))?.get(r.subjectId) ?? null })),
    more: (row?.items?.length ?? 0) > QUEUE_ITEMS_SHOWN,
  };
}
