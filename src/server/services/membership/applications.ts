import { and, desc, eq } from 'drizzle-orm';
import {
  type ActorKind,
  type ApplicationEvent,
  IllegalTransition,
  nextState,
} from '../../../lib/applications/state-machine';
import { taipeiDate } from '../../../lib/calendar-date';
import { ErrorCode } from '../../../lib/error-codes';
import { pickText } from '../../../lib/i18n-text';
import { isLocale, type Locale } from '../../../lib/locales';
import { isOpen } from '../../../lib/applications/state-machine';
import { applicationResultPath } from '../../../lib/applications/result-path';
import type { ReviewQueue } from '../../../lib/roles';
import { getT } from '../../../i18n';
import type { Executor } from '../../db/client';
import { accounts, applicationFiles, applicationHistory, applications, type ApplicationType } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { enqueueMail } from '../../integrations/mail/outbox';
import { type ApplicationNotice, applicationNotice } from '../../integrations/mail/templates';
import { closeUnpaidOrder, createOrder, type OrderItemInput } from '../payments/orders';
import { openReviewItem, withdrawReviewItem } from '../reviews/items';
import { isUniqueViolation } from '../../db/errors';
import { nextNumber } from '../numbering';
import { runtime } from '../../runtime';
import { getWebInfo } from '../site/get-web-info';
import { mailOrigin } from '../site/site-origin';
import { type MemberClass, type MembershipSettings } from './rules';

export type ApplicationRow = typeof applications.$inferSelect;

/** Who moves an application, as the history records it. */
export interface Mover {
  kind: ActorKind;
  accountId: number | null;
  /** Recorded instead of `kind` (a finance account confirming a transfer moves it as the portal). */
  as?: 'finance';
}

export const SYSTEM: Mover = { kind: 'system', accountId: null };

/** The queue each reviewed type waits on. */
export const QUEUE_OF: Record<ApplicationType, ReviewQueue> = {
  join: 'membership',
  upgrade: 'membership',
  extension: 'memberStatus',
  quit: 'memberStatus',
  replace: 'memberStatus',
  restart: 'memberStatus',
  stop: 'memberStatus',
};

/** The queues whose subjects are applications (their items' subject ids are application ids). */
export const MEMBERSHIP_QUEUES: ReviewQueue[] = ['membership', 'memberStatus'];

/** A refusal because the application is no longer where the caller thought (another tab, another reviewer). */
export function stateChanged(): AppError {
  return new AppError(ErrorCode.DATA_CHECK, { reason: 'applicationStateChanged' }, { key: 'applicationStateChanged' });
}

/**
 * The one way an application changes state: the state machine decides, the update only succeeds
 * from the state it was read in (so of two simultaneous moves one wins and the other is refused),
 * and every move writes its row of history. Runs in the caller's transaction.
 */
export async function moveApplication(
  tx: Executor,
  app: ApplicationRow,
  event: ApplicationEvent,
  by: Mover,
  extra: { comment?: string | null; set?: Partial<typeof applications.$inferInsert> } = {},
): Promise<ApplicationRow> {
  let to;
  try {
    to = nextState(app.state, event, by.kind, { reviewed: app.reviewed, paid: app.amount > 0 });
  } catch (error) {
    if (error instanceof IllegalTransition) throw stateChanged();
    throw error;
  }
  const now = new Date();
  const [row] = await tx
    .update(applications)
    .set({
      ...extra.set,
      state: to,
      updatedAt: now,
      ...(event === 'submit' ? { submittedAt: now } : {}),
      ...(event === 'approve' || event === 'reject' || event === 'return' ? { decidedAt: now } : {}),
    })
    .where(and(eq(applications.id, app.id), eq(applications.state, app.state)))
    .returning();
  if (!row) throw stateChanged();
  await tx.insert(applicationHistory).values({
    applicationId: app.id,
    event,
    fromState: app.state,
    toState: to,
    actorType: by.as ?? by.kind,
    actorId: by.accountId,
    comment: extra.comment ?? null,
  });
  return row;
}

/** What the applicant is told, prepared outside the transaction (the embedded database has one connection). */
export interface NoticeContext {
  siteName: Record<Locale, string>;
  origin: string;
  /** The class of the application, for the mail's wording. */
  memberClass: MemberClass | null;
  settings: MembershipSettings;
  applicant: { email: string; nameZh: string; nameEn: string };
}

export async function noticeContext(
  executor: Executor,
  accountId: number,
  memberClass: MemberClass | null,
  settings: MembershipSettings,
): Promise<NoticeContext> {
  const [applicant] = await executor
    .select({ email: accounts.email, nameZh: accounts.nameZh, nameEn: accounts.nameEn })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!applicant) throw new AppError(ErrorCode.NO_DATA);
  return {
    siteName: { 'zh-tw': (await getWebInfo('zh-tw')).name, 'en-us': (await getWebInfo('en-us')).name },
    origin: await mailOrigin(),
    memberClass,
    settings,
    applicant,
  };
}

/** The words for an application in a language, to use inside a sentence: 入會申請（正式會員）, application to join (Regular member). */
export function describeApplication(
  app: Pick<ApplicationRow, 'type'>,
  memberClass: MemberClass | null,
  locale: Locale,
): string {
  const t = getT(locale);
  const type = t(`membership:types.${app.type}`);
  return memberClass ? t('membership:typeWithClass', { type, class: pickText(memberClass.name, locale) }) : type;
}

/** The same as a title: Application to join (Regular member). */
export function applicationTitle(
  app: Pick<ApplicationRow, 'type'>,
  memberClass: MemberClass | null,
  locale: Locale,
): string {
  const words = describeApplication(app, memberClass, locale);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Where the applicant follows an application: the result page of its flow. */
export function applicationPath(app: Pick<ApplicationRow, 'id' | 'type'>, locale: Locale): string {
  return applicationResultPath(app, locale);
}

/** Puts the applicant's mail about `notice` in the outbox, in the transaction of the change. */
export async function notifyApplicant(
  tx: Executor,
  app: ApplicationRow,
  notice: ApplicationNotice,
  ctx: NoticeContext,
  detail: { comment?: string | null; amount?: number; due?: Date | null } = {},
): Promise<void> {
  const locale: Locale = isLocale(app.locale) ? app.locale : 'zh-tw';
  const mail = applicationNotice({
    siteName: ctx.siteName[locale],
    locale,
    name: locale === 'en-us' && ctx.applicant.nameEn ? ctx.applicant.nameEn : ctx.applicant.nameZh,
    notice,
    what: describeApplication(app, ctx.memberClass, locale),
    number: app.number,
    url: ctx.origin + applicationPath(app, locale),
    ...detail,
  });
  await enqueueMail(
    tx,
    { to: ctx.applicant.email, ...mail, locale },
    { kind: `application.${notice}`, eraseAfter: new Date(Date.now() + 30 * 86_400_000) },
  );
}

/** What a type does once its application takes effect, and what it costs when payment is due. */
export interface ApplicationEffects {
  orderItems(app: ApplicationRow, ctx: NoticeContext): OrderItemInput[];
  takeEffect(tx: Executor, app: ApplicationRow, ctx: NoticeContext, today: string): Promise<void>;
}

/**
 * After a submission or a decision, the portal's own moves: a reviewed application waits on its
 * queue; one with something to pay gets its order and waits for payment; anything else takes
 * effect (today, or on its date, by the job).
 */
export async function advance(
  tx: Executor,
  app: ApplicationRow,
  ctx: NoticeContext,
  effects: ApplicationEffects,
): Promise<ApplicationRow> {
  const now = new Date();
  if (app.state === 'submitted' && app.reviewed) {
    await openReviewItem(tx, {
      queue: QUEUE_OF[app.type],
      subjectId: app.id,
      applicantId: app.accountId,
      dueAt: new Date(now.getTime() + ctx.settings.reviewDays * 86_400_000),
    });
    await notifyApplicant(tx, app, 'received', ctx);
    return app;
  }
  if ((app.state === 'submitted' || app.state === 'approved') && app.amount > 0) {
    const dueAt = new Date(now.getTime() + ctx.settings.paymentDays * 86_400_000);
    const moved = await moveApplication(tx, app, 'requirePayment', SYSTEM, { set: { dueAt } });
    await createOrder(tx, {
      accountId: app.accountId,
      applicationId: app.id,
      description: {
        'zh-tw': applicationTitle(app, ctx.memberClass, 'zh-tw'),
        'en-us': applicationTitle(app, ctx.memberClass, 'en-us'),
      },
      items: effects.orderItems(app, ctx),
      dueAt,
    });
    await notifyApplicant(tx, moved, app.state === 'approved' ? 'approvedToPay' : 'received', ctx, {
      amount: app.amount,
      due: dueAt,
    });
    return moved;
  }
  const today = taipeiDate(now);
  if (app.effectiveOn && app.effectiveOn > today) return app;
  const effective = await moveApplication(tx, app, 'takeEffect', SYSTEM);
  await effects.takeEffect(tx, effective, ctx, today);
  await notifyApplicant(tx, effective, 'effective', ctx);
  return effective;
}

/** The payment of an application's order arrived: it is paid, and takes effect (in the payment's transaction). */
export async function settlePaid(
  tx: Executor,
  app: ApplicationRow,
  ctx: NoticeContext,
  effects: ApplicationEffects,
): Promise<ApplicationRow> {
  const paid = await moveApplication(tx, app, 'pay', SYSTEM);
  return advance(tx, paid, ctx, effects);
}

/** The applicant withdraws an application that is still open; its review and order go with it. */
export async function cancelApplication(tx: Executor, app: ApplicationRow, by: Mover, ctx: NoticeContext) {
  const moved = await moveApplication(tx, app, 'cancel', by);
  if (app.reviewed) await withdrawReviewItem(tx, QUEUE_OF[app.type], app.id);
  await closeUnpaidOrder(tx, app.id, 'cancelled');
  await notifyApplicant(tx, moved, 'cancelled', ctx);
  return moved;
}

/** The signed-in applicant's own applications, newest first. */
export async function listApplicationsOf(executor: Executor, accountId: number): Promise<ApplicationRow[]> {
  return executor
    .select()
    .from(applications)
    .where(eq(applications.accountId, accountId))
    .orderBy(desc(applications.createdAt), desc(applications.id));
}

/** One open application per account: a second (another tab, a double click) is refused. */
export const applicationOpen = () =>
  new AppError(ErrorCode.DUPLICATE, { reason: 'applicationOpen' }, { key: 'applicationOpen' });

/** -13 when the account has an application still open. */
export async function assertNoOpenApplication(executor: Executor, accountId: number): Promise<void> {
  if ((await listApplicationsOf(executor, accountId)).some((a) => isOpen(a.state))) throw applicationOpen();
}

/** What an applicant sends; the server has computed the amount and checked the rest. */
export interface NewApplication {
  type: ApplicationType;
  classId: number | null;
  form: Record<string, unknown>;
  reviewed: boolean;
  amount: number;
  locale: Locale;
  effectiveOn?: string | null;
  documents?: { key: string; fileId: number }[];
}

/**
 * Sends an application of any type: a number, the row, its documents and its first row of
 * history, then the portal's own moves (onto a queue, an order, or into effect), all in one
 * transaction. One open application per account (-13), checked first and held by the database's
 * unique index when two arrive at once.
 */
export async function submitApplication(
  accountId: number,
  input: NewApplication,
  ctx: NoticeContext,
  effects: ApplicationEffects,
): Promise<ApplicationRow> {
  const { db } = (await runtime()).database;
  await assertNoOpenApplication(db, accountId);
  const { documents = [], ...values } = input;
  try {
    return await db.transaction(async (tx) => {
      const number = await nextNumber(tx, 'application', 'A{yyyy}-{seq:6}', {
        year: Number(taipeiDate().slice(0, 4)),
      });
      const [app] = await tx
        .insert(applications)
        .values({ ...values, number, state: 'submitted', accountId, submittedAt: new Date() })
        .returning();
      await replaceDocuments(tx, app!.id, documents);
      await tx.insert(applicationHistory).values({
        applicationId: app!.id,
        event: 'submit',
        fromState: null,
        toState: 'submitted',
        actorType: 'applicant',
        actorId: accountId,
      });
      return advance(tx, app!, ctx, effects);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw applicationOpen();
    throw error;
  }
}

/** Replaces an application's documents (in the caller's transaction). */
export async function replaceDocuments(
  tx: Executor,
  applicationId: number,
  documents: { key: string; fileId: number }[],
): Promise<void> {
  await tx.delete(applicationFiles).where(eq(applicationFiles.applicationId, applicationId));
  if (documents.length > 0)
    await tx
      .insert(applicationFiles)
      .values(documents.map((d) => ({ applicationId, documentKey: d.key, fileId: d.fileId })));
}
