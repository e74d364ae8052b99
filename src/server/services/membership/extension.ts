import type { PaymentMethod } from '../../../lib/payments/methods';
import { paymentMethods, paymentWays } from '../payments/payment-ways';
import { applicantFrom, individualOf } from '../applicants';
import { eq } from 'drizzle-orm';
import { addDays, startOfTaipeiDate, taipeiDate } from '../../../lib/calendar-date';
import { ErrorCode } from '../../../lib/error-codes';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import {
  type MembershipRules,
  type MembershipStatus,
  mayRenew,
  nextTerm,
  renewalPeriod,
} from '../../../lib/membership/terms';
import type { Actor } from '../../auth/sessions';
import { membershipEvents, memberships, membershipTerms } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { type ApplicationEffects, type ApplicationRow, noticeContext, submitApplication } from './applications';
import { classTerms, getMembershipSettings, getMemberClass, membershipToday, rulesOf } from './rules';

/** Why a member cannot renew today. */
export type RenewalRefusal = 'notMember' | 'life' | 'notYet' | 'tooLate' | 'leaving' | 'paused' | 'applicationOpen';

export interface RenewalOffer {
  memberNo: string;
  className: string;
  status: MembershipStatus;
  /** The current (or, in grace, the unpaid-for) term's end; null for life membership. */
  termEnd: string | null;
  /** The term a renewal pays for: it follows the current one with no gap. */
  next: { start: string; end: string } | null;
  /** The days it may be paid: from the renewal window to the end of grace. */
  period: { opens: string; closes: string } | null;
  amount: number;
  /** The ways the portal takes to pay the dues. */
  paymentMethods: PaymentMethod[];
  /** Null when the member may renew now. */
  refusal: RenewalRefusal | null;
}

/**
 * What renewing would do for the signed-in individual today (/member/extension/apply): the term
 * it pays for, its amount and when it may be paid, or why not. Everything comes with the session
 * and the memo cache: no statement of its own.
 */
export async function renewalOffer(actor: Actor, locale: Locale, today = taipeiDate()): Promise<RenewalOffer | null> {
  const now = await membershipToday(actor, today);
  if (!now) return null;
  const { membership: m, cls, rules, dates, status } = now;
  const following = m.termEnd && !cls.life ? nextTerm(classTerms(cls), m.termEnd) : null;
  const next = following?.end ? { start: following.start, end: following.end } : null;
  const period = m.termEnd ? renewalPeriod(m.termEnd, rules) : null;
  let refusal: RenewalRefusal | null = null;
  if (!mayRenew(dates, today, rules)) {
    if (dates.life) refusal = 'life';
    else if (m.lastDay !== null || status === 'ended') refusal = 'leaving';
    else if (m.pausedFrom !== null || status === 'paused') refusal = 'paused';
    else if (period && today < period.opens) refusal = 'notYet';
    else refusal = 'tooLate';
  } else if (now.openApplications.length > 0) refusal = 'applicationOpen';
  return {
    memberNo: m.memberNo,
    className: pickText(cls.name, locale),
    status,
    termEnd: m.termEnd,
    next,
    period,
    amount: cls.duesPerTerm,
    paymentMethods: paymentMethods(await paymentWays(locale), cls.duesPerTerm),
    refusal,
  };
}

const REFUSAL_KEYS: Record<RenewalRefusal, string> = {
  notMember: 'renewalNotMember',
  life: 'renewalLife',
  notYet: 'renewalNotYet',
  tooLate: 'renewalTooLate',
  leaving: 'renewalLeaving',
  paused: 'renewalPaused',
  applicationOpen: 'applicationOpen',
};

/**
 * The member renews (POST /api/amsw0402/extension): an application for the next term of their
 * class, not reviewed, with its order for the dues; paid, the term is added. Only inside the
 * renewal window or grace, and never twice for the same term (one open application per account).
 */
export async function submitExtension(actor: Actor, locale: Locale): Promise<ApplicationRow> {
  const offer = await renewalOffer(actor, locale);
  if (!offer) throw new AppError(ErrorCode.DATA_CHECK, { reason: 'notMember' }, { key: REFUSAL_KEYS.notMember });
  if (offer.refusal === 'applicationOpen')
    throw new AppError(ErrorCode.DUPLICATE, { reason: 'applicationOpen' }, { key: 'applicationOpen' });
  if (offer.refusal)
    throw new AppError(ErrorCode.DATA_CHECK, { reason: offer.refusal }, { key: REFUSAL_KEYS[offer.refusal] });
  const m = actor.account.userType === 'individual' ? actor.account.membership! : null;
  const cls = (await getMemberClass(m!.classId))!;
  const { db } = (await runtime()).database;
  const ctx = await noticeContext(db, applicantFrom(actor), cls, await getMembershipSettings());
  return submitApplication(
    applicantFrom(actor),
    {
      type: 'extension',
      classId: cls.id,
      form: { after: offer.termEnd, termStart: offer.next!.start, termEnd: offer.next!.end },
      reviewed: false,
      amount: offer.amount,
      locale,
    },
    ctx,
    EXTENSION_EFFECTS,
  );
}

/**
 * The last moment a renewal of the term ending on `termEnd` may be paid: the end (Taipei) of the
 * renewal period's last day, the day the renewal page names.
 */
export function renewalPayBy(termEnd: string, rules: MembershipRules): Date {
  return new Date(startOfTaipeiDate(addDays(renewalPeriod(termEnd, rules).closes, 1)).getTime() - 1);
}

/** The term an extension pays for, as recorded on the application when it was sent. */
function termOf(app: ApplicationRow): { after: string; termStart: string; termEnd: string } {
  const form = app.form as { after?: unknown; termStart?: unknown; termEnd?: unknown };
  if (typeof form.after !== 'string' || typeof form.termStart !== 'string' || typeof form.termEnd !== 'string')
    throw new Error(`extension ${app.id} has no term`);
  return { after: form.after, termStart: form.termStart, termEnd: form.termEnd };
}

/**
 * A renewal costs the class's dues for the next term; paid, that term is added to the membership
 * (as recorded when it was sent, so a payment that arrives late still buys the term it was for).
 * Applied once: a membership that already runs to that day is left as it is.
 */
export const EXTENSION_EFFECTS: ApplicationEffects = {
  /** The bill is payable for as long as the renewal page says one may renew: to the end of grace. */
  payBy(app, ctx) {
    return renewalPayBy(termOf(app).after, rulesOf(ctx.settings));
  },
  orderItems(app) {
    const { termStart, termEnd } = termOf(app);
    return [
      {
        kind: 'dues',
        description: {
          'zh-tw': `常年會費（${termStart} 至 ${termEnd}）`,
          'en-us': `Dues for ${termStart} to ${termEnd}`,
        },
        amount: app.amount,
      },
    ];
  },
  async takeEffect(tx, app) {
    const { after, termStart, termEnd } = termOf(app);
    const [membership] = await tx
      .select()
      .from(memberships)
      .where(eq(memberships.accountId, individualOf(app)));
    if (!membership || membership.termEnd === null || membership.termEnd >= termEnd) return;
    await tx
      .update(memberships)
      .set({ termEnd, status: 'active', updatedAt: new Date() })
      .where(eq(memberships.id, membership.id));
    await tx.insert(membershipTerms).values({
      membershipId: membership.id,
      classId: membership.classId,
      start: termStart,
      end: termEnd,
      applicationId: app.id,
    });
    await tx.insert(membershipEvents).values({
      membershipId: membership.id,
      kind: 'renewed',
      fromStatus: membership.status,
      toStatus: 'active',
      applicationId: app.id,
      detail: { after, termStart, termEnd },
    });
  },
};
