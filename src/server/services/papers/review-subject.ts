import { ErrorCode } from '../../../lib/error-codes';
import type { Locale } from '../../../lib/locales';
import { paperTitle, type PaperStatus } from '../../../lib/papers/model';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import type { ReviewSubject, SubjectSummary } from '../reviews/contract';

/**
 * The list's facts of several papers: number, title, status and the reports sent on the open round,
 * never who wrote them (blind calls).
 */
const PAPER_SUMMARIES = `
  SELECT p.id, p.number, p.title, p.status, p.submitted_at,
    (SELECT count(*) FROM paper_reviews pr JOIN review_items i ON i.id = pr.item_id
      WHERE pr.paper_id = p.id AND pr.submitted_at IS NOT NULL AND i.status = 'open') AS reports
  FROM papers p
  WHERE p.id = ANY(string_to_array($1, ',')::int[])`;

function summaryOf(row: Record<string, unknown>, locale: Locale): SubjectSummary {
  return {
    title: paperTitle(row.title as { zh: string; en: string }, locale),
    number: (row.number as string | null) ?? '',
    applicantName: '',
    submittedAt: row.submitted_at == null ? null : new Date(row.submitted_at as string | Date).toISOString(),
    state: row.status as PaperStatus,
    reports: Number(row.reports ?? 0),
  };
}

/**
 * The paper queue on the review engine (decision record 015): the desk lists each reviewer's
 * assigned papers and every open paper for the editors. A paper is read, reviewed and decided on
 * its own page (`/member/paperReview/{paperId}`, services/papers/paper-review.ts), where the
 * editor's decision closes the round's item with the engine's `recordDecision`; the engine's
 * generic item and decision calls show only what the list shows and decide nothing.
 */
export const PAPER_REVIEW: ReviewSubject = {
  async summaries(subjectIds, locale) {
    const out = new Map<number, SubjectSummary>();
    if (subjectIds.length === 0) return out;
    const rows = await (await runtime()).database.prepared('paper_summaries', PAPER_SUMMARIES, [subjectIds.join(',')]);
    for (const row of rows) out.set(row.id as number, summaryOf(row, locale));
    return out;
  },
  detailSql: (subjectId) =>
    `SELECT p.id, p.number, p.title, p.status, p.submitted_at FROM papers p WHERE p.id = ${subjectId}`,
  async detail(row, locale) {
    if (row.id == null) throw new AppError(ErrorCode.NO_DATA);
    return { summary: summaryOf(row, locale), content: {} };
  },
  pagePath: (_queue, item) => `/member/paperReview/${item.subjectId}`,
  async started() {},
  async decision() {
    throw new AppError(ErrorCode.NO_PERMISSION, { reason: 'decidedOnPaperPage' }, { key: 'paperDecidedByEditor' });
  },
};
