import { type Applicant, applicantFrom, individualOf } from '../applicants';
import { eq, inArray } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import type { Locale } from '../../../lib/locales';
import { firstTerm, joinFee } from '../../../lib/membership/terms';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import {
  applicationFiles,
  membershipEvents,
  memberships,
  membershipTerms,
  type RequiredDocument,
} from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { ownUploads } from '../files/uploads';
import { nextNumber } from '../numbering';
import {
  assertNoOpenApplication,
  type ApplicationEffects,
  type ApplicationRow,
  noticeContext,
  type NoticeContext,
  submitApplication,
} from './applications';
import { classTerms, currentStatus, getMembershipSettings, getMemberClass, type MemberClass, rulesOf } from './rules';

export interface JoinInput {
  memberClassId: number;
  documents: { key: string; fileId: number }[];
}

/** Whether a class takes applications now (a class not yet open is only shown through a preview link). */
export function isOpenForJoining(cls: MemberClass, now = new Date()): boolean {
  return cls.active && cls.opensAt !== null && cls.opensAt <= now;
}

/** Joining costs the entrance fee and the first term's dues (a life class: its one payment). */
export const JOIN_EFFECTS: ApplicationEffects = {
  orderItems(_app, ctx) {
    const cls = ctx.memberClass!;
    const fee = joinFee(classTerms(cls));
    const items = [];
    if (fee.entranceFee > 0)
      items.push({
        kind: cls.life ? 'lifeFee' : 'entranceFee',
        description: cls.life
          ? { 'zh-tw': '永久會費', 'en-us': 'Life membership fee' }
          : { 'zh-tw': '入會費', 'en-us': 'Entrance fee' },
        amount: fee.entranceFee,
      });
    if (fee.dues > 0)
      items.push({
        kind: 'dues',
        description: { 'zh-tw': '首期常年會費', 'en-us': 'Dues for the first term' },
        amount: fee.dues,
      });
    return items;
  },
  async takeEffect(tx, app, ctx, today) {
    await grantMembership(tx, app, ctx, today);
  },
};

/**
 * Makes the applicant a member of the application's class from `today`: a new membership with the
 * next member number, or (someone who left and comes back) the same membership and number again.
 */
async function grantMembership(tx: Executor, app: ApplicationRow, ctx: NoticeContext, today: string) {
  const cls = ctx.memberClass!;
  const term = firstTerm(classTerms(cls), today, rulesOf(ctx.settings));
  const [existing] = await tx
    .select()
    .from(memberships)
    .where(eq(memberships.accountId, individualOf(app)));
  let membershipId: number;
  if (existing) {
    await tx
      .update(memberships)
      .set({
        classId: cls.id,
        status: 'active',
        termStart: term.start,
        termEnd: term.end,
        pausedFrom: null,
        pausedUntil: null,
        lastDay: null,
        updatedAt: new Date(),
      })
      .where(eq(memberships.id, existing.id));
    membershipId = existing.id;
  } else {
    const memberNo = await nextNumber(tx, 'memberNo', ctx.settings.memberNoPattern, {
      year: Number(today.slice(0, 4)),
      classCode: cls.code,
    });
    const [row] = await tx
      .insert(memberships)
      .values({
        accountId: individualOf(app),
        memberNo,
        classId: cls.id,
        status: 'active',
        joinedOn: today,
        termStart: term.start,
        termEnd: term.end,
      })
      .returning({ id: memberships.id });
    membershipId = row!.id;
  }
  await tx
    .insert(membershipTerms)
    .values({ membershipId, classId: cls.id, start: term.start, end: term.end, applicationId: app.id });
  await tx.insert(membershipEvents).values({
    membershipId,
    kind: 'joined',
    fromStatus: existing ? existing.status : null,
    toStatus: 'active',
    applicationId: app.id,
    detail: { classId: cls.id, termStart: term.start, termEnd: term.end },
  });
}

/**
 * A web user (or someone whose membership ended) applies to join a class that is open, with the
 * documents the class requires, uploaded by them beforehand. A reviewed class waits for its
 * reviewer; otherwise payment is due at once. One open application per account (-13).
 */
export async function submitJoin(actor: Actor, input: JoinInput, locale: Locale): Promise<ApplicationRow> {
  if (actor.account.userType !== 'individual') throw new AppError(ErrorCode.NO_PERMISSION);
  const membership = actor.account.membership;
  if (membership && (await currentStatus(membership)) !== 'ended')
    throw new AppError(ErrorCode.DUPLICATE, { reason: 'alreadyMember' }, { key: 'alreadyMember' });
  const cls = await getMemberClass(input.memberClassId);
  if (!cls || !isOpenForJoining(cls))
    throw new AppError(ErrorCode.DATA_CHECK, { fields: ['memberClassId'] }, { key: 'classNotOpen' });

  const { db } = (await runtime()).database;
  // Said first: an application in progress explains more than its documents being taken.
  await assertNoOpenApplication(db, actor.accountId);
  await checkDocuments(db, applicantFrom(actor), cls.documents, input.documents, null);
  const ctx = await noticeContext(db, applicantFrom(actor), cls, await getMembershipSettings());
  const fee = joinFee(classTerms(cls));
  return submitApplication(
    applicantFrom(actor),
    {
      type: 'join',
      classId: cls.id,
      form: {},
      reviewed: cls.reviewed,
      amount: fee.entranceFee + fee.dues,
      locale,
      documents: input.documents,
    },
    ctx,
    JOIN_EFFECTS,
  );
}

/**
 * The documents sent with an application that asks for `asked` (a class's documents, a claim's
 * evidence): every required one, no unknown or repeated key, each a file the applicant uploaded
 * for an application and not already used by another (`applicationId`'s own may be sent again
 * when it is resubmitted). -10 otherwise.
 */
export async function checkDocuments(
  executor: Executor,
  owner: Applicant,
  asked: readonly RequiredDocument[],
  documents: { key: string; fileId: number }[],
  applicationId: number | null,
): Promise<void> {
  const keys = new Set(asked.map((d) => d.key));
  const given = new Map(documents.map((d) => [d.key, d.fileId]));
  const missing = asked.filter((d) => d.required && !given.has(d.key)).map((d) => d.key);
  const unknown = documents.filter((d) => !keys.has(d.key)).map((d) => d.key);
  if (missing.length > 0 || unknown.length > 0 || given.size !== documents.length)
    throw new AppError(ErrorCode.DATA_CHECK, { fields: ['documents'], missing, unknown }, { key: 'documentsMissing' });
  const fileIds = documents.map((d) => d.fileId);
  if (fileIds.length === 0) return;
  const owned = await ownUploads(executor, owner, 'applicationDocument', fileIds);
  const taken = await executor
    .select({ applicationId: applicationFiles.applicationId })
    .from(applicationFiles)
    .where(inArray(applicationFiles.fileId, fileIds));
  if (owned.length !== new Set(fileIds).size || taken.some((t) => t.applicationId !== applicationId))
    throw new AppError(ErrorCode.DATA_CHECK, { fields: ['documents'] }, { key: 'documentsNotYours' });
}

/** The applicant's files of an application, by document key. */
export async function applicationDocuments(executor: Executor, applicationId: number) {
  return executor
    .select({ key: applicationFiles.documentKey, fileId: applicationFiles.fileId })
    .from(applicationFiles)
    .where(eq(applicationFiles.applicationId, applicationId));
}
