import { applicantOf } from '../applicants';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { applications } from '../../db/schema';
import { AppError } from '../../app-error';
import { ErrorCode } from '../../../lib/error-codes';
import type { DecisionInput, ReviewSubject, SubjectSummary } from '../reviews/contract';
import { runtime } from '../../runtime';
import {
  advance,
  type ApplicationRow,
  applicationTitle,
  moveApplication,
  noticeContext,
  notifyApplicant,
} from './applications';
import { effectsOf } from './effects';
import {
  type ApplicationForReview,
  type ApplicationRead,
  applicationDetailSql,
  applicationOfRow,
} from './read-applications';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { getMembershipSettings, listMemberClasses } from './rules';
import { personName } from '../../../lib/validators/name';

async function application(executor: Executor, id: number): Promise<ApplicationRow> {
  const [app] = await executor.select().from(applications).where(eq(applications.id, id));
  if (!app) throw new AppError(ErrorCode.NO_DATA);
  return app;
}

/** The list's facts of several applications, with their applicants' names. */
const SUMMARIES = `
  SELECT p.id, p.number, p.type, p.class_id, p.submitted_at, ac.name_zh, ac.name_en
  FROM applications p JOIN accounts ac ON ac.id = p.account_id
  WHERE p.id = ANY(string_to_array($1, ',')::int[])`;

/**
 * The list's facts of several applications as `sql` reads them (`id`, `number`, `submitted_at`
 * and what `facts` needs), the title and the applicant's name being the domain's.
 */
export async function applicationSummaries(
  name: string,
  sql: string,
  subjectIds: readonly number[],
  facts: (row: Record<string, unknown>) => { title: string; applicantName: string },
): Promise<Map<number, SubjectSummary>> {
  const out = new Map<number, SubjectSummary>();
  if (subjectIds.length === 0) return out;
  const rows = await (await runtime()).database.prepared(name, sql, [subjectIds.join(',')]);
  for (const row of rows) {
    const { title, applicantName } = facts(row);
    out.set(row.id as number, {
      title,
      number: row.number as string,
      applicantName,
      submittedAt: row.submitted_at == null ? null : new Date(row.submitted_at as string | Date).toISOString(),
    });
  }
  return out;
}

/** The applicant's membership now: its class and member number, or null before they joined. */
const MEMBERSHIP_NOW_COLUMN = `(SELECT json_build_array(m.class_id, m.member_no)
    FROM memberships m WHERE m.account_id = p.account_id) AS membership_now`;

/** What a reviewer reads of an application: the list's facts of it and the page's content. */
type ApplicationReview = { summary: SubjectSummary; content: Record<string, unknown> };

/**
 * A queue whose subjects are applications: the moves of a review (started, approved, rejected,
 * returned) are the application's, with the applicant's mail; a domain gives its lists' facts,
 * what the reviewer reads (the application as read, and any `columns` read beside it), its page,
 * and what an approval records beside the move.
 */
export function applicationSubject(parts: {
  summaries: ReviewSubject['summaries'];
  /** Columns over the application `p` the domain reads beside it (`applicationDetailSql`). */
  columns?: readonly string[];
  detail(
    found: ApplicationRead,
    row: Record<string, unknown>,
    locale: Locale,
  ): ApplicationReview | Promise<ApplicationReview>;
  pagePath: ReviewSubject['pagePath'];
  /** Checks what the reviewer sent with an approval and answers what to store with it. */
  approval?(app: ApplicationRow, input: DecisionInput): Partial<typeof applications.$inferInsert>;
  /** What else an approval records, in its transaction (before payment is asked for). */
  approved?(tx: Executor, app: ApplicationRow): Promise<void>;
}): ReviewSubject {
  return {
    summaries: parts.summaries,
    detailSql: (subjectId) => applicationDetailSql(`p.id = ${subjectId}`, parts.columns),
    async detail(row, locale) {
      if (row.id == null) throw new AppError(ErrorCode.NO_DATA);
      return parts.detail(applicationOfRow(row, await listMemberClasses(), locale), row, locale);
    },
    pagePath: parts.pagePath,

    async started(tx, item, reviewer) {
      const app = await application(tx, item.subjectId);
      if (app.state === 'submitted')
        await moveApplication(tx, app, 'startReview', { kind: 'reviewer', accountId: reviewer.accountId });
    },

    async decision(item, decision, comment, reviewer, input) {
      const { db } = (await runtime()).database;
      const app = await application(db, item.subjectId);
      const approvalSet = decision === 'approve' && parts.approval ? parts.approval(app, input) : {};
      const cls = (await listMemberClasses()).find((c) => c.id === app.classId) ?? null;
      const settings = await getMembershipSettings();
      const ctx = await noticeContext(db, applicantOf(app), cls, settings);
      const by = { kind: 'reviewer' as const, accountId: reviewer.accountId };
      return async (tx) => {
        const current = await application(tx, app.id);
        if (decision === 'approve') {
          // The comment is the applicant's to read on the application's page and in the mail that
          // follows the approval, as it is on a return or a rejection.
          const approved = await moveApplication(tx, current, 'approve', by, {
            comment: comment || null,
            set: { ...approvalSet, reviewComment: comment || null },
          });
          await parts.approved?.(tx, approved);
          await advance(tx, approved, ctx, effectsOf(approved.type), comment || null);
        } else if (decision === 'reject') {
          const rejected = await moveApplication(tx, current, 'reject', by, {
            comment,
            set: { reviewComment: comment },
          });
          await notifyApplicant(tx, rejected, 'rejected', ctx, { comment });
        } else {
          const dueAt = new Date(Date.now() + settings.returnedDays * 86_400_000);
          const returned = await moveApplication(tx, current, 'return', by, {
            comment,
            set: { reviewComment: comment, dueAt },
          });
          await notifyApplicant(tx, returned, 'returned', ctx, { comment, due: dueAt });
        }
      };
    },
  };
}

/** The membership and member-status queues review applications (DESIGN.md §12–13). */
export const MEMBERSHIP_REVIEW: ReviewSubject = applicationSubject({
  async summaries(subjectIds, locale) {
    const classes = await listMemberClasses();
    return applicationSummaries('application_summaries', SUMMARIES, subjectIds, (row) => {
      const classId = row.class_id as number | null;
      return {
        title: applicationTitle(
          { type: row.type as ApplicationRow['type'] },
          classes.find((c) => c.id === classId) ?? null,
          locale,
        ),
        applicantName: personName({ nameZh: row.name_zh as string, nameEn: row.name_en as string }, locale),
      };
    });
  },

  // The applicant's membership as it stands (a class change or an upgrade is read against it).
  columns: [MEMBERSHIP_NOW_COLUMN],

  async detail({ detail: application, applicant }, row, locale) {
    if (!applicant) throw new AppError(ErrorCode.NO_DATA);
    const now = row.membership_now as [number, string] | null;
    const cls = now && (await listMemberClasses()).find((c) => c.id === now[0]);
    const membership = now && { memberNo: now[1], className: cls ? pickText(cls.name, locale) : '' };
    return {
      summary: {
        title: application.title,
        number: application.number,
        applicantName: personName(applicant, locale),
        submittedAt: application.submittedAt,
      },
      content: { application, applicant, membership } satisfies ApplicationForReview,
    };
  },

  pagePath: (queue, { subjectId }) =>
    queue === 'memberStatus' ? `/member/memberStatusReview/${subjectId}` : `/member/membershipReview/${subjectId}`,
});
