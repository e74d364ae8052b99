import { applicantFrom, individualOf } from '../applicants';
import { eq } from 'drizzle-orm';
import { taipeiDate } from '../../../lib/calendar-date';
import { ErrorCode } from '../../../lib/error-codes';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { type MembershipStatus, upgradeFee } from '../../../lib/membership/terms';
import type { MemberClassView } from '../../../lib/schemas/membership';
import type { Actor } from '../../auth/sessions';
import { membershipEvents, memberships } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { type ApplicationEffects, type ApplicationRow, noticeContext, submitApplication } from './applications';
import { checkDocuments, isOpenForJoining } from './join';
import { classView } from './read-applications';
import {
  classTerms,
  getMembershipSettings,
  getMemberClass,
  listMemberClasses,
  type MemberClass,
  membershipToday,
  type MembershipToday,
} from './rules';

/** Why a member cannot move to another class today. */
export type UpgradeRefusal = 'notActive' | 'leaving' | 'noTarget' | 'applicationOpen';

export interface UpgradeOption {
  cls: MemberClassView;
  /** NT$ owed for the move: the difference in dues for the current term (into life: the life fee less them). */
  fee: number;
}

export interface UpgradeOffer {
  memberNo: string;
  className: string;
  status: MembershipStatus;
  termEnd: string | null;
  /** The classes the member's class may move to, with what each move costs. */
  options: UpgradeOption[];
  /** Null when the member may apply now. */
  refusal: UpgradeRefusal | null;
}

/**
 * What moving to another class would mean for the signed-in individual today (/member/upgrade):
 * the classes their class may move to and the fee for each, or why not. Only an active member who
 * is not leaving may move; a member in grace renews first. From the session and the memo cache:
 * no statement of its own.
 */
export async function upgradeOffer(actor: Actor, locale: Locale, today = taipeiDate()): Promise<UpgradeOffer | null> {
  const [now, classes] = await Promise.all([membershipToday(actor, today), listMemberClasses()]);
  if (!now) return null;
  const { membership: m, cls: from, status } = now;
  const targets = targetsOf(from, classes);
  return {
    memberNo: m.memberNo,
    className: pickText(from.name, locale),
    status,
    termEnd: m.termEnd,
    options: targets.map((to) => ({ cls: classView(to, locale), fee: upgradeFee(classTerms(from), classTerms(to)) })),
    refusal: upgradeRefusal(now, targets),
  };
}

/** Why the member may not move class today (`targets`: the classes theirs may move to), or null. */
export function upgradeRefusal(now: MembershipToday, targets: MemberClass[]): UpgradeRefusal | null {
  const { membership: m, status } = now;
  if (m.lastDay !== null && status !== 'ended') return 'leaving';
  if (status !== 'active' || m.pausedFrom !== null) return 'notActive';
  if (targets.length === 0) return 'noTarget';
  if (now.openApplications.length > 0) return 'applicationOpen';
  return null;
}

/** The classes a member of `from` may apply to move to (in the society's order, those open for joining only). */
export function targetsOf(from: MemberClass, classes: MemberClass[]): MemberClass[] {
  return classes.filter((c) => isOpenForJoining(c) && c.id !== from.id && from.upgradeTo.includes(c.id));
}

const REFUSAL_KEYS: Record<UpgradeRefusal, string> = {
  notActive: 'upgradeNotActive',
  leaving: 'upgradeLeaving',
  noTarget: 'upgradeNoTarget',
  applicationOpen: 'applicationOpen',
};

export interface UpgradeInput {
  memberClassId: number;
  documents: { key: string; fileId: number }[];
}

/**
 * The member applies to move to another class (POST /api/amsw0402/upgrade) with the documents
 * that class requires: reviewed like joining it when the class is reviewed (payment after
 * approval), else the fee is due at once; a move that costs nothing takes effect at once.
 */
export async function submitUpgrade(actor: Actor, input: UpgradeInput, locale: Locale): Promise<ApplicationRow> {
  const offer = await upgradeOffer(actor, locale);
  if (!offer) throw new AppError(ErrorCode.DATA_CHECK, { reason: 'notMember' }, { key: 'flowNotMember' });
  if (offer.refusal === 'applicationOpen')
    throw new AppError(ErrorCode.DUPLICATE, { reason: 'applicationOpen' }, { key: 'applicationOpen' });
  if (offer.refusal)
    throw new AppError(ErrorCode.DATA_CHECK, { reason: offer.refusal }, { key: REFUSAL_KEYS[offer.refusal] });
  const option = offer.options.find((o) => o.cls.memberClassId === input.memberClassId);
  if (!option) throw new AppError(ErrorCode.DATA_CHECK, { fields: ['memberClassId'] }, { key: 'upgradeNotAllowed' });
  const to = (await getMemberClass(input.memberClassId))!;
  const m = actor.account.userType === 'individual' ? actor.account.membership! : null;
  const { db } = (await runtime()).database;
  await checkDocuments(db, applicantFrom(actor), to.documents, input.documents, null);
  const ctx = await noticeContext(db, applicantFrom(actor), to, await getMembershipSettings());
  return submitApplication(
    applicantFrom(actor),
    {
      type: 'upgrade',
      classId: to.id,
      form: { fromClassId: m!.classId, termEnd: m!.termEnd },
      reviewed: to.reviewed,
      amount: option.fee,
      locale,
      documents: input.documents,
    },
    ctx,
    UPGRADE_EFFECTS,
  );
}

function fromClassOf(app: ApplicationRow): number {
  const from = (app.form as { fromClassId?: unknown }).fromClassId;
  if (typeof from !== 'number') throw new Error(`upgrade ${app.id} has no class to move from`);
  return from;
}

/**
 * An upgrade costs the fee worked out when it was sent; once approved (where the class is
 * reviewed) and paid, the membership moves to the new class for the rest of its term (into life
 * membership: no term end any more). The member number stays. Applied once: a membership no
 * longer in the class it moved from is left as it is.
 */
export const UPGRADE_EFFECTS: ApplicationEffects = {
  orderItems(app, ctx) {
    const to = ctx.memberClass!;
    return [
      {
        kind: to.life ? 'lifeFee' : 'upgradeFee',
        description: {
          'zh-tw': `變更會員類別為${pickText(to.name, 'zh-tw')}（當期會費差額）`,
          'en-us': `Change of class to ${pickText(to.name, 'en-us')} (difference for the current term)`,
        },
        amount: app.amount,
      },
    ];
  },
  async takeEffect(tx, app, ctx) {
    const to = ctx.memberClass!;
    const fromClassId = fromClassOf(app);
    const [membership] = await tx
      .select()
      .from(memberships)
      .where(eq(memberships.accountId, individualOf(app)));
    if (!membership || membership.classId !== fromClassId) return;
    await tx
      .update(memberships)
      .set({ classId: to.id, ...(to.life ? { termEnd: null } : {}), updatedAt: new Date() })
      .where(eq(memberships.id, membership.id));
    await tx.insert(membershipEvents).values({
      membershipId: membership.id,
      kind: 'classChanged',
      fromStatus: membership.status,
      toStatus: membership.status,
      applicationId: app.id,
      detail: { fromClassId, toClassId: to.id, termEnd: membership.termEnd },
    });
  },
};
