import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts, applications } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { ErrorCode } from '../../../lib/error-codes';
import type { ReviewSubject, SubjectSummary } from '../reviews/engine';
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
import { applicationDetail } from './read-applications';
import { getMembershipSettings, listMemberClasses } from './rules';

async function application(executor: Executor, id: number): Promise<ApplicationRow> {
  const [app] = await executor.select().from(applications).where(eq(applications.id, id));
  if (!app) throw new AppError(ErrorCode.NO_DATA);
  return app;
}

/** The membership and member-status queues review applications (DESIGN.md §12–13). */
export const MEMBERSHIP_REVIEW: ReviewSubject = {
  async summaries(executor, subjectIds, locale) {
    const out = new Map<number, SubjectSummary>();
    if (subjectIds.length === 0) return out;
    const classes = await listMemberClasses();
    const rows = await executor
      .select({ app: applications, nameZh: accounts.nameZh, nameEn: accounts.nameEn })
      .from(applications)
      .innerJoin(accounts, eq(accounts.id, applications.accountId))
      .where(inArray(applications.id, subjectIds));
    for (const { app, nameZh, nameEn } of rows)
      out.set(app.id, {
        title: applicationTitle(app, classes.find((c) => c.id === app.classId) ?? null, locale),
        number: app.number,
        applicantName: locale === 'en-us' && nameEn ? nameEn : nameZh,
        submittedAt: app.submittedAt?.toISOString() ?? null,
      });
    return out;
  },

  async detail(executor, subjectId, locale) {
    const app = await application(executor, subjectId);
    const [applicant] = await executor
      .select({
        nameZh: accounts.nameZh,
        nameEn: accounts.nameEn,
        email: accounts.email,
        birthDate: accounts.birthDate,
        workplace: accounts.workplace,
        department: accounts.department,
        jobTitle: accounts.jobTitle,
        education: accounts.education,
      })
      .from(accounts)
      .where(eq(accounts.id, app.accountId));
    return { application: await applicationDetail(executor, app, locale), applicant: applicant ?? null };
  },

  async started(tx, item, reviewer) {
    const app = await application(tx, item.subjectId);
    if (app.state === 'submitted')
      await moveApplication(tx, app, 'startReview', { kind: 'reviewer', accountId: reviewer.accountId });
  },

  async decision(item, decision, comment, reviewer) {
    const { db } = (await runtime()).database;
    const app = await application(db, item.subjectId);
    const cls = (await listMemberClasses()).find((c) => c.id === app.classId) ?? null;
    const settings = await getMembershipSettings();
    const ctx = await noticeContext(db, app.accountId, cls, settings);
    const by = { kind: 'reviewer' as const, accountId: reviewer.accountId };
    return async (tx) => {
      const current = await application(tx, app.id);
      if (decision === 'approve') {
        const approved = await moveApplication(tx, current, 'approve', by, { comment: comment || null });
        await advance(tx, approved, ctx, effectsOf(approved.type));
      } else if (decision === 'reject') {
        const rejected = await moveApplication(tx, current, 'reject', by, { comment, set: { reviewComment: comment } });
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
