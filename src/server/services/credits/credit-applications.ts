/**
 * Sending a credit application (a member's claim, an organisation's course) and sending one
 * returned for changes again: the same steps for both, apart from what `CreditApplicationKind` says.
 */
import type { Locale } from '../../../lib/locales';
import type { Actor } from '../../auth/sessions';
import type { ApplicationType, RequiredDocument } from '../../db/schema';
import { runtime } from '../../runtime';
import { applicantFrom } from '../applicants';
import {
  type ApplicationEffects,
  type ApplicationRow,
  noticeContext,
  resendApplication,
  submitApplication,
} from '../membership/applications';
import { checkDocuments } from '../membership/join';
import { getMembershipSettings } from '../membership/rules';

/** What sets one kind of credit application apart: its type, the documents it takes, what deciding it does. */
export interface CreditApplicationKind {
  type: ApplicationType;
  documents: RequiredDocument[];
  effects: ApplicationEffects;
}

/**
 * Sends a credit application whose form is already checked, or (`returned` given) sends the one
 * returned for changes again: its documents checked, then onto its reviewers' queue.
 */
export async function sendCreditApplication(
  actor: Actor,
  kind: CreditApplicationKind,
  returned: ApplicationRow | null,
  sent: { form: object; amount: number; locale: Locale; documents: { key: string; fileId: number }[] },
): Promise<ApplicationRow> {
  const { db } = (await runtime()).database;
  const applicant = applicantFrom(actor);
  await checkDocuments(db, applicant, kind.documents, sent.documents, returned?.id ?? null);
  const ctx = await noticeContext(db, applicant, null, await getMembershipSettings());
  const form = sent.form as Record<string, unknown>;
  if (returned)
    return resendApplication(
      returned,
      { kind: 'applicant', accountId: actor.accountId },
      { form, amount: sent.amount, locale: sent.locale, documents: sent.documents },
      ctx,
      kind.effects,
    );
  return submitApplication(
    applicant,
    {
      type: kind.type,
      classId: null,
      form,
      reviewed: true,
      amount: sent.amount,
      locale: sent.locale,
      documents: sent.documents,
    },
    ctx,
    kind.effects,
  );
}
