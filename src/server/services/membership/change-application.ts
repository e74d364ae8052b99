import { applicantFrom, isApplicant } from '../applicants';
import { eq } from 'drizzle-orm';
import type { CalendarDate } from '../../../lib/calendar-date';
import type { DayChoice } from '../../../lib/membership/flows';
import { ErrorCode } from '../../../lib/error-codes';
import type { Locale } from '../../../lib/locales';
import type { Actor } from '../../auth/sessions';
import { applications } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import {
  advance,
  applicationContext,
  type ApplicationRow,
  cancelApplication,
  moveApplication,
  noticeContext,
  replaceDocuments,
  stateChanged,
} from './applications';
import { checkDocuments } from './join';
import { effectsOf } from './effects';
import { getMembershipSettings, getMemberClass } from './rules';
import { type ApplicationDetail, classView } from './read-applications';
import { changedFlowForm, type StatusFlowOffer, statusFlowOffer } from './status-flows';

/** The actor's own application, or -6 (another's is answered as an unknown one). */
async function ownApplication(actor: Actor, applicationId: number): Promise<ApplicationRow> {
  const { db } = (await runtime()).database;
  const [app] = await db.select().from(applications).where(eq(applications.id, applicationId));
  if (!app || !isApplicant(actor, app)) throw new AppError(ErrorCode.NO_DATA);
  return app;
}

/** What an applicant may change in an application returned for changes (PUT /api/amsw0101/editForm). */
export interface ApplicationChanges {
  applicationId: number;
  /** Joining and changing class: the class's documents as now uploaded. */
  documents: { key: string; fileId: number }[];
  /** Leaving, pausing and resuming: the days and the reason (what is not sent stays as it was). */
  lastDay?: CalendarDate;
  from?: CalendarDate;
  until?: CalendarDate;
  reason?: string;
}

/**
 * An application returned for changes, sent again as changed: it goes back on its reviewer's
 * queue. Its documents, days and reason are checked as a new application's would be, today.
 */
export async function resubmitApplication(
  actor: Actor,
  input: ApplicationChanges,
  locale: Locale,
): Promise<ApplicationRow> {
  const app = await ownApplication(actor, input.applicationId);
  // A credit claim is changed with its own fields (PUT /api/amsw0602/claim).
  if (app.type === 'creditClaim') throw new AppError(ErrorCode.NO_DATA);
  if (app.state !== 'returned') throw stateChanged();
  const cls = app.classId === null ? null : await getMemberClass(app.classId);
  // Joining and changing class send the class's documents; the other flows their days and reason.
  const withDocuments = cls !== null && (app.type === 'join' || app.type === 'upgrade');
  const { db } = (await runtime()).database;
  if (withDocuments) await checkDocuments(db, applicantFrom(actor), cls.documents, input.documents, app.id);
  const changed = withDocuments ? {} : await changedFlowForm(actor, app, input, locale);
  const ctx = await noticeContext(db, applicantFrom(actor), cls, await getMembershipSettings());
  return db.transaction(async (tx) => {
    if (withDocuments) await replaceDocuments(tx, app.id, input.documents);
    const submitted = await moveApplication(
      tx,
      app,
      'submit',
      { kind: 'applicant', accountId: actor.accountId },
      { set: { locale, dueAt: null, ...changed } },
    );
    return advance(tx, submitted, ctx, effectsOf(submitted.type));
  });
}

/** The applicant withdraws an open application (before a decision, or before paying). */
export async function withdrawApplication(actor: Actor, applicationId: number): Promise<ApplicationRow> {
  const app = await ownApplication(actor, applicationId);
  const { db } = (await runtime()).database;
  const ctx = await applicationContext(db, app);
  return db.transaction((tx) => cancelApplication(tx, app, { kind: 'applicant', accountId: actor.accountId }, ctx));
}

/** What the form to change a returned application starts from (its result page). */
export type ResendForm =
  | {
      kind: 'documents';
      documents: { key: string; name: string; required: boolean }[];
      chosen: Record<string, { fileId: number; name: string }>;
    }
  | {
      kind: 'flow';
      flow: 'quit' | 'stop' | 'restart';
      offer: StatusFlowOffer;
      pauseMaxMonths: number;
      initial: { lastDay: string; from: string; until: string; reason: string };
    }
  /** The membership has changed since (ended, leaving…): it can only be withdrawn. */
  | { kind: 'closed'; refusal: string };

/**
 * The form to change one of the reader's applications returned for changes: the class's documents
 * with those sent, or the flow's days (today's ranges) and reason as sent. From the memo cache and
 * the session: no statement of its own.
 */
export async function resendForm(actor: Actor, app: ApplicationDetail, locale: Locale): Promise<ResendForm | null> {
  if (app.state !== 'returned') return null;
  if (app.type === 'join' || app.type === 'upgrade') {
    const cls = app.memberClassId === null ? null : await getMemberClass(app.memberClassId);
    if (!cls) return null;
    return {
      kind: 'documents',
      documents: classView(cls, locale).documents,
      chosen: Object.fromEntries(app.documents.map((d) => [d.key, { fileId: d.fileId, name: d.name }])),
    };
  }
  if (app.type !== 'quit' && app.type !== 'stop' && app.type !== 'restart') return null;
  const [offer, settings] = await Promise.all([statusFlowOffer(actor, app.type, locale), getMembershipSettings()]);
  const refusal = offer === null ? 'ended' : offer.refusal === 'applicationOpen' ? null : offer.refusal;
  if (refusal !== null || offer === null) return { kind: 'closed', refusal: refusal ?? 'ended' };
  const text = (key: string) => (typeof app.form[key] === 'string' ? (app.form[key] as string) : '');
  // A day sent before that today's range no longer holds is offered as a new application's would be.
  const day = (key: string, range: DayChoice | null) => {
    const sent = text(key);
    return range === null ? '' : sent >= range.earliest && sent <= range.latest ? sent : range.suggested;
  };
  return {
    kind: 'flow',
    flow: app.type,
    offer,
    pauseMaxMonths: settings.pauseMaxMonths,
    initial: {
      lastDay: day('lastDay', offer.lastDay),
      from: day('from', offer.pauseFrom),
      until: day('until', offer.pauseUntil),
      reason: text('reason'),
    },
  };
}
