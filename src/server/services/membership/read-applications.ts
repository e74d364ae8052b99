import type { PaymentMethod } from '../../../lib/payments/methods';
import { paymentMethods as paymentMethodsOf, paymentWays } from '../payments/payment-ways';
import { ErrorCode } from '../../../lib/error-codes';
import { taipeiDate } from '../../../lib/calendar-date';
import type { OrderStatus } from '../../db/schema';
import {
  openCodeOf,
  openCodeSql,
  type OpenCodeTuple,
  remittanceOf,
  type RemittanceTuple,
} from '../payments/read-orders';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import type { Actor } from '../../auth/sessions';
import type { ActorKind, ApplicationState } from '../../../lib/applications/state-machine';
import { AppError } from '../../app-error';
import { verifyPreviewToken } from '../../auth/preview-tokens';
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

/**
 * An application with its applicant, documents, history and latest order (with its latest reported
 * transfer), as a select of the application `p` that `where` names (an SQL condition on `p`), with
 * `extra` columns over `p` for a reader that needs more beside it (a course's attendance, a claimant's
 * ledger, a review item): one statement for each such reader. Map a row with `applicationOfRow`.
 */
export function applicationDetailSql(where: string, extra: readonly string[] = []): string {
  return `
  SELECT p.id, p.number, p.type, p.state, p.account_id, p.organisation_id, p.class_id, p.form, p.amount,
    p.due_at, p.review_comment, p.submitted_at, p.updated_at,
    CASE WHEN ac.id IS NOT NULL THEN json_build_array(ac.name_zh, ac.name_en, ac.email, ac.birth_date, ac.mobile,
      ac.workplace, ac.department, ac.job_title, ac.education) END AS applicant,
    CASE WHEN og.id IS NOT NULL THEN json_build_array(og.name, og.name_en, og.email, og.tax_id, og.contact_name,
      og.contact_title, og.phone, og.address) END AS organisation,
    (SELECT json_agg(json_build_array(f.document_key, f.file_id,
       (SELECT fi.name FROM files fi WHERE fi.id = f.file_id)) ORDER BY f.id)
     FROM application_files f WHERE f.application_id = p.id) AS documents,
    (SELECT json_agg(json_build_array(h.event, h.from_state, h.to_state, h.actor_type, h.comment, h.at) ORDER BY h.at, h.id)
     FROM application_history h WHERE h.application_id = p.id) AS history,
    (SELECT json_build_array(o.id, o.number, o.amount, o.status, o.created_at,
       (SELECT json_build_array(r.status, r.transfer_date, r.amount, r.account_last5, r.note)
        FROM remittances r WHERE r.order_id = o.id ORDER BY r.id DESC LIMIT 1),
       ${openCodeSql('o')})
     FROM orders o WHERE o.application_id = p.id ORDER BY o.id DESC LIMIT 1) AS last_order${extra
       .map(
         (column) => `,
    ${column}`,
       )
       .join('')}
  FROM applications p LEFT JOIN accounts ac ON ac.id = p.account_id
    LEFT JOIN organisations og ON og.id = p.organisation_id
  WHERE ${where}`;
}

const APPLICATION_DETAIL = applicationDetailSql('p.id = $1');

const iso = (value: unknown) => (value == null ? null : new Date(value as string | Date).toISOString());

type HistoryTuple = [string, ApplicationState | null, ApplicationState, ActorKind, string | null, string];

/** An application as its applicant or a reviewer reads it, with whose it is; null when there is none. */
export async function readApplication(applicationId: number, locale: Locale) {
  const [[row], classes] = await Promise.all([
    (await runtime()).database.prepared('application_detail', APPLICATION_DETAIL, [applicationId]),
    listMemberClasses(),
  ]);
  return row ? applicationOfRow(row, classes, locale) : null;
}

export type ApplicationRead = NonNullable<Awaited<ReturnType<typeof readApplication>>>;

/** A row of an `applicationDetailSql` statement as `readApplication` answers it. */
export function applicationOfRow(row: Record<string, unknown>, classes: MemberClass[], locale: Locale) {
  const app = {
    id: row.id as number,
    type: row.type as ApplicationRow['type'],
    classId: row.class_id as number | null,
  };
  const cls = classes.find((c) => c.id === app.classId) ?? null;
  const documentName = (key: string) => {
    const required = cls?.documents.find((d) => d.key === key);
    return required ? pickText(required.name, locale) : key;
  };
  const person = row.applicant as (string | null)[] | null;
  const org = row.organisation as string[] | null;
  const [orderId, orderNumber, orderAmount, orderStatus, orderedAt, remittance, openCode] =
    (row.last_order as
      [number, string, number, OrderStatus, string, RemittanceTuple | null, OpenCodeTuple | null] | null) ?? [];
  return {
    accountId: row.account_id as number | null,
    organisationId: row.organisation_id as number | null,
    /** The individual who applied (null for an organisation's application). */
    applicant: person && {
      nameZh: person[0]!,
      nameEn: person[1]!,
      email: person[2]!,
      /** Null for a member brought over from an old system until they give it. */
      birthDate: person[3] ?? null,
      mobile: person[4]!,
      workplace: person[5]!,
      department: person[6]!,
      jobTitle: person[7]!,
      education: person[8]!,
    },
    /** The organisation that applied (a course), or null. */
    organisation: org && {
      name: org[0]!,
      nameEn: org[1]!,
      email: org[2]!,
      taxId: org[3]!,
      contactName: org[4]!,
      contactTitle: org[5]!,
      phone: org[6]!,
      address: org[7]!,
    },
    detail: {
      applicationId: app.id,
      number: row.number as string,
      type: app.type,
      title: applicationTitle(app, cls, locale),
      state: row.state as ApplicationState,
      amount: row.amount as number,
      submittedAt: iso(row.submitted_at),
      updatedAt: iso(row.updated_at)!,
      dueAt: iso(row.due_at),
      reviewComment: row.review_comment as string | null,
      memberClassId: app.classId,
      form: row.form as Record<string, unknown>,
      documents: ((row.documents ?? []) as [string, number, string][]).map(([key, fileId, name]) => ({
        key,
        label: documentName(key),
        fileId,
        name,
      })),
      history: ((row.history ?? []) as HistoryTuple[]).map(([event, fromState, toState, by, comment, at]) => ({
        event,
        fromState,
        toState,
        by,
        comment,
        at: iso(at)!,
      })),
      order:
        orderId === undefined
          ? null
          : {
              orderId,
              number: orderNumber!,
              amount: orderAmount!,
              status: orderStatus!,
              /** The day the order was made (Taipei): the earliest a transfer for it may be dated. */
              orderedOn: taipeiDate(new Date(orderedAt!)),
              /** The payer's latest reported bank transfer for it, if any. */
              remittance: remittanceOf(remittance ?? null),
              /** An ATM or store code issued for it that may still be paid. */
              openCode: openCodeOf(openCode),
            },
    },
  };
}

export type ApplicationDetail = NonNullable<Awaited<ReturnType<typeof readApplication>>>['detail'];

/** The same columns out of a prepared statement's row (`id, number, state, form, amount, submitted_at, updated_at`). */
export function summaryColumnsOfRow(row: Record<string, unknown>) {
  return {
    id: row.id as number,
    number: row.number as string,
    state: row.state as ApplicationState,
    form: row.form as Record<string, unknown>,
    amount: row.amount as number,
    submittedAt: row.submitted_at == null ? null : new Date(row.submitted_at as string | Date),
    updatedAt: new Date(row.updated_at as string | Date),
  };
}

/** Where an application stands beside its own facts: deadline, comment, documents (named by `label`), history, order. */
export function applicationRecord(d: ApplicationDetail, label: (key: string) => string | undefined) {
  return {
    dueAt: d.dueAt,
    reviewComment: d.reviewComment,
    documents: d.documents.map((doc) => ({ ...doc, label: label(doc.key) ?? doc.key })),
    history: d.history,
    order: d.order,
  };
}

/** The row's columns a list's summary is made from, out of an application as read. */
export function summaryColumns(d: ApplicationDetail) {
  return {
    id: d.applicationId,
    number: d.number,
    state: d.state,
    form: d.form,
    amount: d.amount,
    submittedAt: d.submittedAt ? new Date(d.submittedAt) : null,
    updatedAt: new Date(d.updatedAt),
  };
}
/** An application as its reviewer reads it: the detail and who applied (the review engine's subject). */
export type ApplicationForReview = {
  application: ApplicationDetail;
  applicant: NonNullable<ApplicationRead['applicant']>;
  /** The applicant's membership now (its class, in the reader's language), or null before they joined. */
  membership: { memberNo: string; className: string } | null;
};

/** An application as its applicant reads it: a pending order says how it may be paid. */
export type OwnApplication = Omit<ApplicationDetail, 'order'> & {
  order: (NonNullable<ApplicationDetail['order']> & { paymentMethods?: PaymentMethod[] }) | null;
};

/**
 * One of the signed-in individual's own applications, with the ways its pending order may be paid;
 * another's answers -6, as an unknown one does.
 */
export async function getOwnApplication(actor: Actor, applicationId: number, locale: Locale): Promise<OwnApplication> {
  const found = await readApplication(applicationId, locale);
  if (!found || found.accountId !== actor.accountId) throw new AppError(ErrorCode.NO_DATA);
  const { order } = found.detail;
  if (!order || order.status !== 'pending') return found.detail;
  // The ways its payer may pay it: only those the portal takes.
  const paymentMethods = paymentMethodsOf(await paymentWays(locale), order.amount);
  return { ...found.detail, order: { ...order, paymentMethods } };
}

/** The member classes as applicants read them: those open now, or one class by id with a preview link. */
export async function listOpenClasses(locale: Locale) {
  const classes = await listMemberClasses();
  return { classList: classes.filter((c) => isOpenForJoining(c)).map((c) => classView(c, locale)) };
}

/**
 * A member class's join page before it opens, for holders of a signed, expiring preview link
 * (`/preview/signin/{memberClassId}?token=`): the class as applicants will read it, and when it
 * opens. A wrong or expired token and an unknown class are the same -6.
 */
export async function previewClass(memberClassId: number, token: string | undefined, locale: Locale) {
  const rt = await runtime();
  if (!verifyPreviewToken(rt.secrets.signingKey, token, 'signin', memberClassId)) throw new AppError(ErrorCode.NO_DATA);
  const cls = (await listMemberClasses()).find((c) => c.id === memberClassId && c.active);
  if (!cls) throw new AppError(ErrorCode.NO_DATA);
  return { cls: classView(cls, locale), opensAt: cls.opensAt?.toISOString() ?? null };
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
