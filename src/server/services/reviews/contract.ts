import type { Locale } from '../../../lib/locales';
import type { ReviewDecision, ReviewQueue } from '../../../lib/roles';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import type { reviewItems } from '../../db/schema';

/**
 * The review engine's contract with the domains (DESIGN.md §13): what a domain implements for a
 * queue (`ReviewSubject`) and the shapes it exchanges with the engine. The domains, the registry
 * of subjects (`subjects.ts`) and the engine all import it; none of them imports another for it.
 */

export type ReviewItemRow = typeof reviewItems.$inferSelect;

/** The facts of a subject a queue's list shows. */
export interface SubjectSummary {
  title: string;
  number: string;
  applicantName: string;
  submittedAt: string | null;
  /** Where the subject stands in its domain, where the list shows it (a paper's status). */
  state?: string;
  /** Reports sent on the open round, waiting for the decision (a paper's, shown to its editors). */
  reports?: number;
}

/** What a reviewer sends beside the decision, for the queues that need it. */
export interface DecisionInput {
  /** The credit queue: points granted, as written (to one decimal). */
  points?: number | undefined;
  /** The course queue: points granted to each session, in order. */
  sessionPoints?: number[] | undefined;
  /** The course queue: the accredited course's code. */
  courseCode?: string | undefined;
  /** The course queue: the reviewer's score of the course (0–100). */
  score?: number | undefined;
}

/** What a domain plugs into the engine for one queue (DESIGN.md §13). */
export interface ReviewSubject {
  /** The list's facts for several subjects at once (one statement, never one per item). */
  summaries(subjectIds: number[], locale: Locale): Promise<Map<number, SubjectSummary>>;
  /**
   * Everything a reviewer reads of the subject whose id is `subjectId` (an SQL expression), as a
   * select the engine joins to the item: the review page reads the item and its subject in one
   * statement. Its columns are not named `review_*` (the item's are).
   */
  detailSql(subjectId: string): string;
  /**
   * The list's facts of the subject and everything a reviewer reads to decide (shown only after
   * their declaration), out of a row of `detailSql`; -6 when the row holds no subject.
   */
  detail(
    row: Record<string, unknown>,
    locale: Locale,
  ): Promise<{ summary: SubjectSummary; content: Record<string, unknown> }>;
  /** The page a reviewer decides an item of this queue on (the spec's review routes). */
  pagePath(queue: ReviewQueue, item: { reviewId: number; subjectId: number }): string;
  /** The reviewer has declared no conflict and starts on the subject. */
  started(tx: Executor, item: ReviewItemRow, reviewer: Actor): Promise<void>;
  /**
   * Prepares a decision outside the transaction (reads what mail needs) and answers the step that
   * carries it out inside it.
   */
  decision(
    item: ReviewItemRow,
    decision: ReviewDecision,
    comment: string,
    reviewer: Actor,
    input: DecisionInput,
  ): Promise<(tx: Executor) => Promise<void>>;
}
