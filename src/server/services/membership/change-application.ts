import { eq } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import type { Locale } from '../../../lib/locales';
import type { Actor } from '../../auth/sessions';
import { applications } from '../../db/schema';
import { AppError } from '../../http/app-error';
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

/** The actor's own application, or -6 (another's is answered as an unknown one). */
async function ownApplication(actor: Actor, applicationId: number): Promise<ApplicationRow> {
  const { db } = (await runtime()).database;
  const [app] = await db.select().from(applications).where(eq(applications.id, applicationId));
  if (!app || app.accountId !== actor.accountId) throw new AppError(ErrorCode.NO_DATA);
  return app;
}

/**
 * An application returned for changes, sent again with its documents as now uploaded
 * (PUT /api/amsw0101/editForm): it goes back on its reviewer's queue.
 */
export async function resubmitApplication(
  actor: Actor,
  input: { applicationId: number; documents: { key: string; fileId: number }[] },
  locale: Locale,
): Promise<ApplicationRow> {
  const app = await ownApplication(actor, input.applicationId);
  if (app.state !== 'returned') throw stateChanged();
  const cls = app.classId === null ? null : await getMemberClass(app.classId);
  // Joining and changing class send the class's documents; the other flows send none.
  const withDocuments = cls !== null && (app.type === 'join' || app.type === 'upgrade');
  const { db } = (await runtime()).database;
  if (withDocuments) await checkDocuments(db, actor.accountId, cls, input.documents, app.id);
  const ctx = await noticeContext(db, actor.accountId, cls, await getMembershipSettings());
  return db.transaction(async (tx) => {
    if (withDocuments) await replaceDocuments(tx, app.id, input.documents);
    const submitted = await moveApplication(
      tx,
      app,
      'submit',
      { kind: 'applicant', accountId: actor.accountId },
      { set: { locale, dueAt: null } },
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
