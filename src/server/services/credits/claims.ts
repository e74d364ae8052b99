import type { z } from 'zod';
import { individualOf } from '../applicants';
import { eq } from 'drizzle-orm';
import { taipeiDate } from '../../../lib/calendar-date';
import { pointsOf, toTenths } from '../../../lib/credits/rules';
import { ErrorCode } from '../../../lib/error-codes';
import { type I18nText, pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { CLAIM_EVIDENCE_KEYS, type claimBody } from '../../../lib/schemas/credits';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import { applications, creditEntries, type RequiredDocument } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { type ApplicationEffects, type ApplicationRow, stateChanged } from '../membership/applications';
import {
  applicationRecord,
  type ApplicationRead,
  readApplication,
  summaryColumns,
  summaryColumnsOfRow,
} from '../membership/read-applications';
import { type CertificationKind, getPublishedKind, listCertificationKinds } from './certifications';
import { type CreditApplicationKind, sendCreditApplication } from './credit-applications';

/** What a member sends (points as written, to one decimal). */
export type ClaimInput = z.output<typeof claimBody>;

/**
 * What a claim asks, as stored in its application's `form`: the member's fields, points in tenths,
 * and, set by the reviewer who approves it, what lands in the ledger (`grantedPoints`).
 */
export type ClaimForm = Omit<ClaimInput, 'certificationId' | 'documents'> & { kindId: number; grantedPoints?: number };

const t = (zh: string, en: string): I18nText => ({ 'zh-tw': zh, 'en-us': en });

/** The evidence a claim takes: the first file is required. */
export const CLAIM_EVIDENCE: RequiredDocument[] = CLAIM_EVIDENCE_KEYS.map((key, i) => ({
  key,
  name: t(`證明文件 ${i + 1}`, `Evidence ${i + 1}`),
  required: i === 0,
}));

/** A claim once approved and paid for (or free): its points land in the ledger, once. */
export const CREDIT_CLAIM_EFFECTS: ApplicationEffects = {
  orderItems: (app) => [
    { kind: 'claimFee', description: t('積分申請審查費', 'Credit claim review fee'), amount: app.amount },
  ],
  async takeEffect(tx, app) {
    const form = app.form as unknown as ClaimForm;
    await tx
      .insert(creditEntries)
      .values({
        accountId: individualOf(app),
        kindId: form.kindId,
        points: form.grantedPoints ?? form.points,
        creditClass: form.creditClass,
        category: form.category,
        method: form.method,
        topics: [],
        title: { 'zh-tw': form.title },
        provider: form.provider,
        source: 'claim',
        sourceId: app.id,
        earnedOn: form.earnedOn,
      })
      .onConflictDoNothing();
  },
};

/** The claim's fields checked against its certification's rules and today; answers the form to store. */
function claimForm(kind: CertificationKind, input: Omit<ClaimInput, 'certificationId' | 'documents'>): ClaimForm {
  const fields: string[] = [];
  if (!kind.rules.categories.some((c) => c.key === input.category)) fields.push('category');
  if (input.earnedOn > taipeiDate()) fields.push('earnedOn');
  if (fields.length > 0) throw new AppError(ErrorCode.DATA_CHECK, { fields }, { key: 'claimInvalid' });
  return {
    kindId: kind.id,
    method: input.method,
    category: input.category,
    creditClass: input.creditClass,
    title: input.title,
    provider: input.provider,
    earnedOn: input.earnedOn,
    points: toTenths(input.points),
    description: input.description,
  };
}

/** A claim as a credit application: its type, evidence and effects. */
const CLAIM: CreditApplicationKind = {
  type: 'creditClaim',
  documents: CLAIM_EVIDENCE,
  effects: CREDIT_CLAIM_EFFECTS,
};

function individual(actor: Actor) {
  if (actor.account.userType !== 'individual') throw new AppError(ErrorCode.NO_PERMISSION);
}

/**
 * Sends a claim for points not recorded automatically: checked against the certification's rules,
 * with its evidence, onto the credit reviewers' queue. The review fee (`claimFee`) is due once
 * it is approved; the points land in the ledger once it is paid (or at once when free). Several
 * claims may be open at a time.
 */
export async function submitClaim(actor: Actor, input: ClaimInput, locale: Locale): Promise<ApplicationRow> {
  individual(actor);
  return sendClaim(actor, input.certificationId, null, input, locale);
}

/** The claim checked against its (published) certification's rules and sent, or sent again when `returned`. */
async function sendClaim(
  actor: Actor,
  kindId: number,
  returned: ApplicationRow | null,
  input: Omit<ClaimInput, 'certificationId'>,
  locale: Locale,
): Promise<ApplicationRow> {
  const kind = await getPublishedKind(kindId);
  if (!kind) throw new AppError(ErrorCode.NO_DATA);
  const form = claimForm(kind, input);
  return sendCreditApplication(actor, CLAIM, returned, {
    form,
    amount: kind.rules.claimFee,
    locale,
    documents: input.documents,
  });
}

/** One of the actor's own claims, or -6 (another's, or an application of another type, as an unknown one). */
async function ownClaim(executor: Executor, actor: Actor, applicationId: number): Promise<ApplicationRow> {
  const [app] = await executor.select().from(applications).where(eq(applications.id, applicationId));
  if (!app || app.accountId !== actor.accountId || app.type !== 'creditClaim') throw new AppError(ErrorCode.NO_DATA);
  return app;
}

/** A claim returned for changes, changed and sent again: back on the queue, checked as a new one. */
export async function resubmitClaim(
  actor: Actor,
  input: Omit<ClaimInput, 'certificationId'> & { applicationId: number },
  locale: Locale,
): Promise<ApplicationRow> {
  individual(actor);
  const { db } = (await runtime()).database;
  const app = await ownClaim(db, actor, input.applicationId);
  if (app.state !== 'returned') throw stateChanged();
  return sendClaim(actor, (app.form as unknown as ClaimForm).kindId, app, input, locale);
}

function summaryOf(
  app: Pick<ApplicationRow, 'id' | 'number' | 'state' | 'form' | 'amount' | 'submittedAt' | 'updatedAt'>,
  kinds: CertificationKind[],
  locale: Locale,
) {
  const form = app.form as unknown as ClaimForm;
  const kind = kinds.find((k) => k.id === form.kindId);
  const category = kind?.rules.categories.find((c) => c.key === form.category);
  return {
    applicationId: app.id,
    type: 'creditClaim' as const,
    number: app.number,
    state: app.state,
    certificationId: form.kindId,
    certificationName: kind ? pickText(kind.name, locale) : '',
    method: form.method,
    category: form.category,
    categoryName: category ? pickText(category.name, locale) : form.category,
    creditClass: form.creditClass,
    title: form.title,
    provider: form.provider,
    earnedOn: form.earnedOn,
    points: pointsOf(form.points),
    grantedPoints: form.grantedPoints === undefined ? null : pointsOf(form.grantedPoints),
    amount: app.amount,
    submittedAt: app.submittedAt?.toISOString() ?? null,
    updatedAt: app.updatedAt.toISOString(),
  };
}

export type ClaimSummary = ReturnType<typeof summaryOf>;

/** The columns of a member's claims their list shows. */
const OWN_CLAIMS = `
  SELECT id, number, state, form, amount, submitted_at, updated_at FROM applications
  WHERE account_id = $1 AND type = 'creditClaim' ORDER BY id DESC`;

/** The signed-in individual's claims, newest first, in one prepared statement. */
export async function listOwnClaims(actor: Actor, locale: Locale): Promise<ClaimSummary[]> {
  individual(actor);
  const [rows, kinds] = await Promise.all([
    (await runtime()).database.prepared('own_claims', OWN_CLAIMS, [actor.accountId]),
    listCertificationKinds(),
  ]);
  return rows.map((row) => summaryOf(summaryColumnsOfRow(row), kinds, locale));
}

/** A claim with its evidence, history and order, as its applicant or a reviewer reads it; null when there is none. */
export async function readClaim(applicationId: number, locale: Locale) {
  const [found, kinds] = await Promise.all([readApplication(applicationId, locale), listCertificationKinds()]);
  return found && claimOf(found, kinds, locale);
}

/** The claim out of an application as read; null for any other application. */
export function claimOf(found: ApplicationRead, kinds: CertificationKind[], locale: Locale) {
  if (!found.applicant || found.accountId === null || found.detail.type !== 'creditClaim') return null;
  const d = found.detail;
  const evidence = new Map(CLAIM_EVIDENCE.map((e) => [e.key, pickText(e.name, locale)]));
  return {
    accountId: found.accountId,
    applicant: found.applicant,
    claim: {
      ...summaryOf(summaryColumns(d), kinds, locale),
      description: (d.form as unknown as ClaimForm).description,
      ...applicationRecord(d, (key) => evidence.get(key)),
    },
  };
}

export type ClaimDetail = NonNullable<Awaited<ReturnType<typeof readClaim>>>['claim'];

/** One of the signed-in individual's own claims; another's answers -6, as an unknown one does. */
export async function getOwnClaim(actor: Actor, applicationId: number, locale: Locale): Promise<ClaimDetail> {
  individual(actor);
  const found = await readClaim(applicationId, locale);
  if (!found || found.accountId !== actor.accountId) throw new AppError(ErrorCode.NO_DATA);
  return found.claim;
}

/** What the claim form offers for `kinds`: each certification with its categories and fee, and the evidence slots. */
export function claimFormOptions(kinds: CertificationKind[], locale: Locale) {
  return {
    evidence: CLAIM_EVIDENCE.map((e) => ({ key: e.key, name: pickText(e.name, locale), required: e.required })),
    certifications: kinds.map((k) => ({
      id: k.id,
      name: pickText(k.name, locale),
      categories: k.rules.categories.map((c) => ({ key: c.key, name: pickText(c.name, locale) })),
      claimFee: k.rules.claimFee,
    })),
  };
}
