import { and, desc, eq } from 'drizzle-orm';
import {
  type ActorKind,
  type ApplicationEvent,
  type ApplicationTypeRules,
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
import {
  accounts,
  applicationFiles,
  applicationHistory,
  applications,
  type ApplicationType,
  isMembershipType,
  organisations,
} from '../../db/schema';
import { AppError } from '../../app-error';
import { enqueueMail } from '../../integrations/mail/outbox';
import { type ApplicationNotice, applicationNotice } from '../../integrations/mail/templates';
import { closeUnpaidOrder, createOrder, type OrderItemInput } from '../payments/orders';
import { openReviewItem, withdrawReviewItem } from '../reviews/items';
import { isUniqueViolation } from '../../db/errors';
import { nextNumber } from '../numbering';
import { runtime } from '../../runtime';
import { type MailSite, mailSite } from '../mail/mail-site';
import { logger } from '../../logger';
import { getMembershipSettings, getMemberClass, type MemberClass, type MembershipSettings } from './rules';
import { type Applicant, applicantOf } from '../applicants';
import { personName } from '../../../lib/validators/name';

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
  creditClaim: 'credit',
  course: 'contiEdu',
};

/** The queues whose subjects are applications (their items' subject ids are application ids). */
export const APPLICATION_QUEUES: ReviewQueue[] = ['membership', 'memberStatus', 'credit', 'contiEdu'];

/** A refusal because the application is no longer where the caller thought (another tab, another reviewer). */
export function stateChanged(): AppError {
  return new AppError(ErrorCode.DATA_CHECK, { reason: 'applicationStateChanged' }, { key: 'applicationStateChanged' });
}

export function isStateChanged(error: unknown): boolean {
  return error instanceof AppError && error.reason?.key === 'applicationStateChanged';
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
    to = nextState(app.state, event, by.kind, typeRules(app));
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

/** What the state machine needs of an application: reviewed or not, paid for or not. */
export function typeRules(app: Pick<ApplicationRow, 'reviewed' | 'amount'>): ApplicationTypeRules {
  return { reviewed: app.reviewed, paid: app.amount > 0 };
}

/** What the applicant is told, prepared outside the transaction (the embedded database has one connection). */
export interface NoticeContext extends MailSite {
  /** The class of the application, for the mail's wording. */
  memberClass: MemberClass | null;
  settings: MembershipSettings;
  applicant: { email: string; nameZh: string; nameEn: string };
}

export async function noticeContext(
  executor: Executor,
  who: Applicant,
  memberClass: MemberClass | null,
  settings: MembershipSettings,
): Promise<NoticeContext> {
  const [applicant] =
    who.kind === 'individual'
      ? await executor
          .select({ email: accounts.email, nameZh: accounts.nameZh, nameEn: accounts.nameEn })
          .from(accounts)
          .where(eq(accounts.id, who.id))
      : await executor
          .select({ email: organisations.email, nameZh: organisations.name, nameEn: organisations.nameEn })
          .from(organisations)
          .where(eq(organisations.id, who.id));
  if (!applicant) throw new AppError(ErrorCode.NO_DATA);
  return {
    ...(await mailSite()),
    memberClass,
    settings,
    applicant,
  };
}

/** The notice context of an application: its applicant, its class and the society's settings. */
export async function applicationContext(executor: Executor, app: ApplicationRow): Promise<NoticeContext> {
  const memberClass = app.classId ? await getMemberClass(app.classId) : null;
  return noticeContext(executor, applicantOf(app), memberClass, await getMembershipSettings());
}

/**
 * The portal's own work on applications (the expiry job): `step` runs for
 * each in a transaction of its own, with its notice context read before it. One that another
 * process or the applicant moved first is passed over; one that fails is logged and the others go
 * on. Answers how many were done.
 */
export async function eachApplication(
  apps: ApplicationRow[],
  job: string,
  step: (tx: Executor, app: ApplicationRow, ctx: NoticeContext) => Promise<unknown>,
): Promise<number> {
  const { db } = (await runtime()).database;
  let done = 0;
  for (const app of apps) {
    try {
      const ctx = await applicationContext(db, app);
      await db.transaction((tx) => step(tx, app, ctx));
      done += 1;
    } catch (error) {
      if (isStateChanged(error)) continue;
      logger().error({ err: error, job, applicationId: app.id }, 'a background job failed for an application');
    }
  }
  return done;
}

/** The words for an application in a language, to use inside a sentence: 入會申請（正式會員）, application to join (Regular member). */
export function describeApplication(
  app: Pick<ApplicationRow, 'type'> & { form?: unknown },
  memberClass: MemberClass | null,
  locale: Locale,
): string {
  const t = getT(locale);
  const type = t(`membership:types.${app.type}`);
  // A class names what a membership application is about; a claim's or a course's own title names it.
  const about = memberClass
    ? pickText(memberClass.name, locale)
    : app.type === 'creditClaim' || app.type === 'course'
      ? (app.form as { title?: string } | undefined)?.title
      : undefined;
  return about ? t('membership:typeWithClass', { type, class: about }) : type;
}

/** The same as a title: Application to join (Regular member). */
export function applicationTitle(
  app: Pick<ApplicationRow, 'type'> & { form?: unknown },
  memberClass: MemberClass | null,
  locale: Locale,
): string {
  const words = describeApplication(app, memberClass, locale);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Where the applicant follows an application: the result page of its flow. */
export function applicationPath(app: Pick<ApplicationRow, 'id' | 'type'> & { form?: unknown }, locale: Locale): string {
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
    name: personName(ctx.applicant, locale),
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
  /**
   * The last moment its bill may be paid, when the type has a deadline of its own (a renewal: the
   * end of the renewal period); otherwise the society's `paymentDays` from now.
   */
  payBy?(app: ApplicationRow, ctx: NoticeContext): Date;
  takeEffect(tx: Executor, app: ApplicationRow, ctx: NoticeContext, today: string): Promise<void>;
}

/**
 * After a submission or a decision, the portal's own moves: a reviewed application waits on its
 * queue; one with something to pay gets its order and waits for payment; anything else takes
 * effect (today, or on its date, by the job). After an approval, `comment` is the reviewer's to
 * the applicant, carried by the mail that follows it (to pay, or in effect).
 */
export async function advance(
  tx: Executor,
  app: ApplicationRow,
  ctx: NoticeContext,
  effects: ApplicationEffects,
  comment: string | null = null,
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
    const dueAt = effects.payBy?.(app, ctx) ?? new Date(now.getTime() + ctx.settings.paymentDays * 86_400_000);
    const moved = await moveApplication(tx, app, 'requirePayment', SYSTEM, { set: { dueAt } });
    await createOrder(tx, {
      payer: applicantOf(app),
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
      comment,
    });
    return moved;
  }
  return takeEffect(tx, app, ctx, effects, taipeiDate(now), comment);
}

/**
 * The application takes effect on `today`: the move, what its type changes, and the applicant's
 * mail, in the caller's transaction (`advance`, once nothing is left to decide or pay).
 */
export async function takeEffect(
  tx: Executor,
  app: ApplicationRow,
  ctx: NoticeContext,
  effects: ApplicationEffects,
  today: string,
  comment: string | null = null,
): Promise<ApplicationRow> {
  const effective = await moveApplication(tx, app, 'takeEffect', SYSTEM);
  await effects.takeEffect(tx, effective, ctx, today);
  await notifyApplicant(tx, effective, 'effective', ctx, { comment });
  return effective;
}

/** The payment of an application's order arrived: it is paid, and takes effect (in the payment's transaction). */
export async function settlePaid(
  tx: Executor,
  app: ApplicationRow,
  ctx: NoticeContext,
  effects: ApplicationEffects,
  by: Mover = SYSTEM,
): Promise<ApplicationRow> {
  const paid = await moveApplication(tx, app, 'pay', by);
  return advance(tx, paid, ctx, effects);
}

/** The applicant withdraws an application that is still open; its review and order go with it. */
export async function cancelApplication(tx: Executor, app: ApplicationRow, by: Mover, ctx: NoticeContext) {
  return closeApplication(tx, app, 'cancel', by, ctx);
}

/**
 * The deadline of an application waiting for payment or for changes has passed (the expiry job):
 * it expires, with its unpaid order and its review item, and the applicant is told.
 */
export async function expireApplication(tx: Executor, app: ApplicationRow, ctx: NoticeContext) {
  return closeApplication(tx, app, 'expire', SYSTEM, ctx);
}

/**
 * Ends an open application before it took effect. The unpaid order is closed first, as a payment
 * does (it marks the order paid, then moves the application): both lock the order before the
 * application, so they never wait on each other, and of a payment and a close at the same moment
 * one wins. Closed first, the payment finds no pending order and is kept as surplus to refund;
 * paid first, the application has moved on and this move is refused (`stateChanged`), undoing the
 * whole transaction.
 */
async function closeApplication(
  tx: Executor,
  app: ApplicationRow,
  event: 'cancel' | 'expire',
  by: Mover,
  ctx: NoticeContext,
): Promise<ApplicationRow> {
  await closeUnpaidOrder(tx, app.id, event === 'cancel' ? 'cancelled' : 'expired');
  const moved = await moveApplication(tx, app, event, by);
  if (app.reviewed) await withdrawReviewItem(tx, QUEUE_OF[app.type], app.id);
  await notifyApplicant(tx, moved, event === 'cancel' ? 'cancelled' : 'expired', ctx);
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

/** -13 when the account has an application about its membership still open. */
export async function assertNoOpenApplication(executor: Executor, accountId: number): Promise<void> {
  if ((await listApplicationsOf(executor, accountId)).some((a) => isMembershipType(a.type) && isOpen(a.state)))
    throw applicationOpen();
}

/** What an applicant sends; the server has computed the amount and checked the rest. */
export interface NewApplication {
  type: ApplicationType;
  classId: number | null;
  form: Record<string, unknown>;
  reviewed: boolean;
  amount: number;
  locale: Locale;
  documents?: { key: string; fileId: number }[];
}

/**
 * Sends an application of any type: a number, the row, its documents and its first row of
 * history, then the portal's own moves (onto a queue, an order, or into effect), all in one
 * transaction. One open membership application per account (-13), checked first and held by the
 * database's unique index when two arrive at once; credit claims are not limited.
 */
export async function submitApplication(
  applicant: Applicant,
  input: NewApplication,
  ctx: NoticeContext,
  effects: ApplicationEffects,
): Promise<ApplicationRow> {
  const { db } = (await runtime()).database;
  if (isMembershipType(input.type)) await assertNoOpenApplication(db, applicant.id);
  const { documents = [], ...values } = input;
  try {
    return await db.transaction(async (tx) => {
      const number = await nextNumber(tx, 'application', 'A{yyyy}-{seq:6}', {
        year: Number(taipeiDate().slice(0, 4)),
      });
      const [app] = await tx
        .insert(applications)
        .values({
          ...values,
          number,
          state: 'submitted',
          accountId: applicant.kind === 'individual' ? applicant.id : null,
          organisationId: applicant.kind === 'organ' ? applicant.id : null,
          submittedAt: new Date(),
        })
        .returning();
      await replaceDocuments(tx, app!.id, documents);
      await tx.insert(applicationHistory).values({
        applicationId: app!.id,
        event: 'submit',
        fromState: null,
        toState: 'submitted',
        actorType: 'applicant',
        actorId: applicant.id,
      });
      return advance(tx, app!, ctx, effects);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw applicationOpen();
    throw error;
  }
}

/**
 * An application returned for changes, changed and sent again by its applicant: its documents
 * replaced, its form and amount as now checked, and on its way again, in one transaction.
 */
export async function resendApplication(
  app: ApplicationRow,
  by: Mover,
  changes: {
    form: Record<string, unknown>;
    amount: number;
    locale: Locale;
    documents: { key: string; fileId: number }[];
  },
  ctx: NoticeContext,
  effects: ApplicationEffects,
): Promise<ApplicationRow> {
  const { db } = (await runtime()).database;
  return db.transaction(async (tx) => {
    await replaceDocuments(tx, app.id, changes.documents);
    const submitted = await moveApplication(tx, app, 'submit', by, {
      set: { locale: changes.locale, dueAt: null, form: changes.form, amount: changes.amount },
    });
    return advance(tx, submitted, ctx, effects);
  });
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
