import { asc, eq } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import { applicationFiles, applicationHistory, applications, files, orders } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { runtime } from '../../runtime';
import { type ApplicationRow, applicationTitle, listApplicationsOf } from './applications';
import { isOpenForJoining } from './join';
import { listMemberClasses, type MemberClass } from './rules';

function summary(app: ApplicationRow, classes: MemberClass[], locale: Locale) {
  return {
    applicationId: app.id,
    number: app.number,
    type: app.type,
    title: applicationTitle(app, classes.find((c) => c.id === app.classId) ?? null, locale),
    state: app.state,
    amount: app.amount,
    submittedAt: app.submittedAt?.toISOString() ?? null,
    updatedAt: app.updatedAt.toISOString(),
    dueAt: app.dueAt?.toISOString() ?? null,
    reviewComment: app.reviewComment,
  };
}

/** The signed-in individual's applications, newest first (GET /api/amsw0101/application). */
export async function listOwnApplications(actor: Actor, locale: Locale) {
  const { db } = (await runtime()).database;
  const [rows, classes] = await Promise.all([listApplicationsOf(db, actor.accountId), listMemberClasses()]);
  return { applicationList: rows.map((app) => summary(app, classes, locale)) };
}

/** An application with its documents, history and order, as its applicant or a reviewer sees it. */
export async function applicationDetail(executor: Executor, app: ApplicationRow, locale: Locale) {
  const classes = await listMemberClasses();
  const [documents, history, [order]] = await Promise.all([
    executor
      .select({ key: applicationFiles.documentKey, fileId: applicationFiles.fileId, name: files.name })
      .from(applicationFiles)
      .innerJoin(files, eq(files.id, applicationFiles.fileId))
      .where(eq(applicationFiles.applicationId, app.id))
      .orderBy(asc(applicationFiles.id)),
    executor
      .select()
      .from(applicationHistory)
      .where(eq(applicationHistory.applicationId, app.id))
      .orderBy(asc(applicationHistory.at), asc(applicationHistory.id)),
    executor
      .select({ orderId: orders.id, number: orders.number, amount: orders.amount, status: orders.status })
      .from(orders)
      .where(eq(orders.applicationId, app.id)),
  ]);
  return {
    ...summary(app, classes, locale),
    memberClassId: app.classId,
    documents,
    history: history.map((h) => ({
      event: h.event,
      fromState: h.fromState,
      toState: h.toState,
      by: h.actorType,
      comment: h.comment,
      at: h.at.toISOString(),
    })),
    order: order ?? null,
  };
}

/** One of the signed-in individual's own applications; another's answers -6, as an unknown one does. */
export async function getOwnApplication(actor: Actor, applicationId: number, locale: Locale) {
  const { db } = (await runtime()).database;
  const [app] = await db.select().from(applications).where(eq(applications.id, applicationId));
  if (!app || app.accountId !== actor.accountId) throw new AppError(ErrorCode.NO_DATA);
  return applicationDetail(db, app, locale);
}

/** The member classes as applicants read them: those open now, or one class by id with a preview link. */
export async function listOpenClasses(locale: Locale) {
  const classes = await listMemberClasses();
  return { classList: classes.filter((c) => isOpenForJoining(c)).map((c) => classView(c, locale)) };
}

export function classView(cls: MemberClass, locale: Locale) {
  return {
    memberClassId: cls.id,
    code: cls.code,
    name: pickText(cls.name, locale),
    description: pickText(cls.description, locale),
    eligibility: pickText(cls.eligibility, locale),
    terms: pickText(cls.terms, locale),
    documents: cls.documents.map((d) => ({ key: d.key, name: pickText(d.name, locale), required: d.required })),
    entranceFee: cls.entranceFee,
    duesPerTerm: cls.duesPerTerm,
    termKind: cls.termKind,
    termMonths: cls.termMonths,
    life: cls.life,
    reviewed: cls.reviewed,
    open: isOpenForJoining(cls),
  };
}
