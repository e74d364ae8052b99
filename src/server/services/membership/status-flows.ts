import { applicantFrom, individualOf } from '../applicants';
import { and, eq, isNull } from 'drizzle-orm';
import { type CalendarDate, maxDate, taipeiDate } from '../../../lib/calendar-date';
import { ErrorCode } from '../../../lib/error-codes';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import {
  type DayChoice,
  type FlowRefusal,
  pauseChoice,
  quitChoice,
  replaceChoice,
  restartChoice,
} from '../../../lib/membership/flows';
import { firstTerm, type MembershipStatus } from '../../../lib/membership/terms';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import { membershipEvents, memberships, membershipTerms } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { issueCertificate } from '../documents/issue-documents';
import { type ApplicationEffects, type ApplicationRow, noticeContext, submitApplication } from './applications';
import { classTerms, membershipToday, type MembershipToday, rulesOf } from './rules';

/** The flows that change a membership's status or its certificate, each with `/member/{flow}/apply`. */
export const STATUS_FLOWS = ['quit', 'stop', 'restart', 'replace'] as const;
export type StatusFlow = (typeof STATUS_FLOWS)[number];

export const REPLACE_REASONS = ['lost', 'damaged', 'nameChanged'] as const;
export type ReplaceReason = (typeof REPLACE_REASONS)[number];

/** What a flow would mean for the signed-in member today, or why it is closed. */
export interface StatusFlowOffer {
  flow: StatusFlow;
  memberNo: string;
  className: string;
  status: MembershipStatus;
  termEnd: string | null;
  /** Null when the member may apply now. */
  refusal: FlowRefusal | 'applicationOpen' | null;
  /** A reviewer decides it (member-status queue). */
  reviewed: boolean;
  /** NT$ it costs: a new term's dues for a restart after the paid term, the fee for a new certificate. */
  amount: number;
  /** The days to choose from: a quit's last day; a pause's first and (for the suggested first) last day. */
  lastDay: DayChoice | null;
  pauseFrom: DayChoice | null;
  pauseUntil: DayChoice | null;
}

const REVIEWED: Record<StatusFlow, boolean> = { quit: true, stop: true, restart: true, replace: false };

/**
 * The offer of a flow (its /apply page and `GET /api/amsw0402/{flow}`), from the session and the
 * memo cache: no statement of its own. Null for someone who has never been a member.
 */
export async function statusFlowOffer(
  actor: Actor,
  flow: StatusFlow,
  locale: Locale,
  today = taipeiDate(),
): Promise<StatusFlowOffer | null> {
  const now = await membershipToday(actor, today);
  return now && offerFor(now, flow, locale, today);
}

/** The offer of a flow from a membership already worked out for today (the centre asks for every flow). */
export function offerFor(now: MembershipToday, flow: StatusFlow, locale: Locale, today: CalendarDate): StatusFlowOffer {
  const { membership: m, cls, settings, dates, status } = now;
  const offer: StatusFlowOffer = {
    flow,
    memberNo: m.memberNo,
    className: pickText(cls.name, locale),
    status,
    termEnd: m.termEnd,
    refusal: null,
    reviewed: REVIEWED[flow],
    amount: 0,
    lastDay: null,
    pauseFrom: null,
    pauseUntil: null,
  };
  if (flow === 'quit') {
    const choice = quitChoice(dates, status, today);
    if ('refusal' in choice) offer.refusal = choice.refusal;
    else offer.lastDay = choice.lastDay;
  } else if (flow === 'stop') {
    const choice = pauseChoice(dates, status, today, settings.pauseMaxMonths);
    if ('refusal' in choice) offer.refusal = choice.refusal;
    else {
      offer.pauseFrom = choice.from;
      offer.pauseUntil = choice.until(choice.from.suggested);
    }
  } else if (flow === 'restart') {
    const choice = restartChoice(dates, status, today);
    if ('refusal' in choice) offer.refusal = choice.refusal;
    else offer.amount = choice.newTerm && !cls.life ? cls.duesPerTerm : 0;
  } else {
    const choice = replaceChoice(status);
    if ('refusal' in choice) offer.refusal = choice.refusal;
    else offer.amount = settings.replaceFee;
  }
  if (offer.refusal === null && now.openApplications.length > 0) offer.refusal = 'applicationOpen';
  return offer;
}

/** What a member sends with a flow (validated by the API's schemas first). */
export type StatusFlowInput =
  | { flow: 'quit'; lastDay: CalendarDate; reason: string }
  | { flow: 'stop'; from: CalendarDate; until: CalendarDate; reason: string }
  | { flow: 'restart'; reason: string }
  | { flow: 'replace'; reason: ReplaceReason };

const outside = (field: string) => new AppError(ErrorCode.DATA_CHECK, { fields: [field] }, { key: 'dayOutsideRange' });

const within = (day: CalendarDate, range: DayChoice | null) =>
  range !== null && day >= range.earliest && day <= range.latest;

const formOf = (app: ApplicationRow) => app.form as Record<string, unknown>;

/** A flow's application as checked against today's offer: what is recorded and what it costs. */
interface CheckedFlow {
  now: MembershipToday;
  form: Record<string, unknown>;
  amount: number;
  reviewed: boolean;
}

/**
 * Checks what a member sends with a flow against today's offer (the days inside their ranges) and
 * computes what it costs. `resending` is an application of theirs returned for changes: being
 * open, it does not count against the one-open-application rule (-13).
 */
async function checkFlow(
  actor: Actor,
  input: StatusFlowInput,
  locale: Locale,
  today: CalendarDate,
  resending: boolean,
): Promise<CheckedFlow> {
  const now = await membershipToday(actor, today);
  const offer = now && offerFor(now, input.flow, locale, today);
  if (!now || !offer) throw new AppError(ErrorCode.DATA_CHECK, { reason: 'notMember' }, { key: 'flowNotMember' });
  const refusal = resending && offer.refusal === 'applicationOpen' ? null : offer.refusal;
  if (refusal === 'applicationOpen')
    throw new AppError(ErrorCode.DUPLICATE, { reason: 'applicationOpen' }, { key: 'applicationOpen' });
  if (refusal) throw new AppError(ErrorCode.DATA_CHECK, { reason: refusal }, { key: `flow_${refusal}` });
  let form: Record<string, unknown>;
  if (input.flow === 'quit') {
    if (!within(input.lastDay, offer.lastDay)) throw outside('lastDay');
    form = { lastDay: input.lastDay, reason: input.reason };
  } else if (input.flow === 'stop') {
    if (!within(input.from, offer.pauseFrom)) throw outside('from');
    const choice = pauseChoice(now.dates, now.status, today, now.settings.pauseMaxMonths);
    if ('refusal' in choice || !within(input.until, choice.until(input.from))) throw outside('until');
    form = { from: input.from, until: input.until, reason: input.reason };
  } else if (input.flow === 'restart') {
    // Whether the paid term is over decides what resuming buys, whatever the class's dues are.
    const choice = restartChoice(now.dates, now.status, today);
    form = { newTerm: 'newTerm' in choice && choice.newTerm && !now.cls.life, reason: input.reason };
  } else {
    form = { reason: input.reason };
  }
  return { now, form, amount: offer.amount, reviewed: offer.reviewed };
}

/**
 * Sends a flow's application (`POST /api/amsw0402/{flow}`): checked against today's offer, with
 * what it costs computed here. Leaving, pausing and resuming are reviewed; a new certificate is
 * paid at once. One open application per account (-13).
 */
export async function submitStatusFlow(actor: Actor, input: StatusFlowInput, locale: Locale): Promise<ApplicationRow> {
  const { now, form, amount, reviewed } = await checkFlow(actor, input, locale, taipeiDate(), false);
  const { db } = (await runtime()).database;
  const ctx = await noticeContext(db, applicantFrom(actor), now.cls, now.settings);
  return submitApplication(
    applicantFrom(actor),
    { type: input.flow, classId: now.cls.id, form, reviewed, amount, locale },
    ctx,
    STATUS_FLOW_EFFECTS[input.flow],
  );
}

/**
 * A returned application of a flow as changed for sending again: its days and reason (what was
 * not sent stays as it was), checked against today's offer as a new one would be, and what it now
 * costs (a restart whose paid term ended meanwhile buys a new term).
 */
export async function changedFlowForm(
  actor: Actor,
  app: ApplicationRow,
  changes: { lastDay?: CalendarDate; from?: CalendarDate; until?: CalendarDate; reason?: string },
  locale: Locale,
): Promise<{ form: Record<string, unknown>; amount: number }> {
  const was = formOf(app);
  const text = (key: string) => (typeof was[key] === 'string' ? (was[key] as string) : '');
  const reason = changes.reason ?? text('reason');
  const flow = app.type as Exclude<StatusFlow, 'replace'>;
  const input: StatusFlowInput =
    flow === 'quit'
      ? { flow, lastDay: changes.lastDay ?? text('lastDay'), reason }
      : flow === 'stop'
        ? { flow, from: changes.from ?? text('from'), until: changes.until ?? text('until'), reason }
        : { flow, reason };
  const { form, amount } = await checkFlow(actor, input, locale, taipeiDate(), true);
  return { form, amount };
}

/** The member's membership row, for an effect (in its transaction). */
async function membershipOf(tx: Executor, accountId: number) {
  const [row] = await tx.select().from(memberships).where(eq(memberships.accountId, accountId));
  return row ?? null;
}

/** A membership event caused by an application (in its transaction); the status stays unless given. */
async function recordEvent(
  tx: Executor,
  row: { id: number; status: MembershipStatus },
  app: ApplicationRow,
  kind: string,
  detail: Record<string, unknown>,
  toStatus: MembershipStatus = row.status,
) {
  await tx
    .insert(membershipEvents)
    .values({ membershipId: row.id, kind, fromStatus: row.status, toStatus, applicationId: app.id, detail });
}

/**
 * What each flow does once approved (and paid). Each is applied once: it changes the membership
 * only from the state it was sent in (not already leaving, not already paused…).
 */
export const STATUS_FLOW_EFFECTS: Record<StatusFlow, ApplicationEffects> = {
  // Leaving: the membership ends after its last day (the status follows from the date).
  quit: {
    orderItems: () => [],
    async takeEffect(tx, app, _ctx, today) {
      // Approved after the day chosen (a slow review, a return for changes): it ends that day, never earlier.
      const lastDay = maxDate(String(formOf(app).lastDay), today);
      const [row] = await tx
        .update(memberships)
        .set({ lastDay, updatedAt: new Date() })
        .where(and(eq(memberships.accountId, individualOf(app)), isNull(memberships.lastDay)))
        .returning();
      if (!row) return;
      await recordEvent(tx, row, app, 'leaving', { lastDay });
    },
  },
  // Pausing: from its first day the member is paused and owes nothing until they resume.
  stop: {
    orderItems: () => [],
    async takeEffect(tx, app) {
      const { from, until } = formOf(app) as { from: string; until: string };
      const [row] = await tx
        .update(memberships)
        .set({ pausedFrom: from, pausedUntil: until, updatedAt: new Date() })
        .where(
          and(
            eq(memberships.accountId, individualOf(app)),
            isNull(memberships.pausedFrom),
            isNull(memberships.lastDay),
          ),
        )
        .returning();
      if (!row) return;
      await recordEvent(tx, row, app, 'pauseApproved', { from, until });
    },
  },
  // Resuming: the pause is lifted; after the paid term, a new term from the day it takes effect.
  restart: {
    orderItems(app, ctx) {
      return [
        {
          kind: 'dues',
          description: {
            'zh-tw': `恢復會籍：${pickText(ctx.memberClass!.name, 'zh-tw')}常年會費`,
            'en-us': `Resuming membership: ${pickText(ctx.memberClass!.name, 'en-us')} dues`,
          },
          amount: app.amount,
        },
      ];
    },
    async takeEffect(tx, app, ctx, today) {
      const membership = await membershipOf(tx, individualOf(app));
      if (!membership || membership.lastDay !== null) return;
      const term =
        formOf(app).newTerm === true ? firstTerm(classTerms(ctx.memberClass!), today, rulesOf(ctx.settings)) : null;
      await tx
        .update(memberships)
        .set({
          pausedFrom: null,
          pausedUntil: null,
          status: 'active',
          ...(term ? { termStart: term.start, termEnd: term.end } : {}),
          updatedAt: new Date(),
        })
        .where(eq(memberships.id, membership.id));
      if (term)
        await tx
          .insert(membershipTerms)
          .values({
            membershipId: membership.id,
            classId: membership.classId,
            start: term.start,
            end: term.end,
            applicationId: app.id,
          })
          .onConflictDoNothing();
      await recordEvent(
        tx,
        membership,
        app,
        'restarted',
        term ? { termStart: term.start, termEnd: term.end } : {},
        'active',
      );
    },
  },
  // A new certificate: the next edition is issued, and the one before revoked as replaced.
  replace: {
    orderItems(app) {
      return [
        {
          kind: 'certificateFee',
          description: { 'zh-tw': '會員證書補發費', 'en-us': 'Fee for a new membership certificate' },
          amount: app.amount,
        },
      ];
    },
    async takeEffect(tx, app, ctx) {
      const membership = await membershipOf(tx, individualOf(app));
      if (!membership) return;
      const certificate = await issueCertificate(tx, membership.id, ctx.society, 'replaced');
      await recordEvent(tx, membership, app, 'certificateReissued', {
        reason: formOf(app).reason,
        number: certificate.number,
      });
    },
  },
};
