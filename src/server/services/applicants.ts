import type { Actor } from '../auth/sessions';

/** The columns of an application (or an order) that name who it is for. */
interface ApplicantColumns {
  id: number;
  accountId: number | null;
  organisationId: number | null;
}

/**
 * Who applied, and who pays (decision record 012): an individual's account, or an organisation
 * (a course application). The kind matters wherever an id is compared: an organisation and an
 * account may have the same number.
 */
export interface Applicant {
  kind: 'individual' | 'organ';
  id: number;
}

export function applicantOf(app: ApplicantColumns): Applicant {
  if (app.accountId !== null) return { kind: 'individual', id: app.accountId };
  if (app.organisationId !== null) return { kind: 'organ', id: app.organisationId };
  throw new Error(`application ${app.id} has no applicant`);
}

/** The individual who applied: membership applications and credit claims always have one. */
export function individualOf(app: ApplicantColumns): number {
  const applicant = applicantOf(app);
  if (applicant.kind !== 'individual') throw new Error(`application ${app.id} is an organisation's`);
  return applicant.id;
}

/** The signed-in reader as an applicant. */
export function applicantFrom(actor: Pick<Actor, 'userType' | 'accountId'>): Applicant {
  return { kind: actor.userType === 'organ' ? 'organ' : 'individual', id: actor.accountId };
}

/** The columns naming the signed-in reader as a row's applicant or payer: one set, the other null. */
export function applicantColumns(actor: Pick<Actor, 'userType' | 'accountId'>): {
  accountId: number | null;
  organisationId: number | null;
} {
  return actor.userType === 'organ'
    ? { accountId: null, organisationId: actor.accountId }
    : { accountId: actor.accountId, organisationId: null };
}

/** Whether `actor` is the applicant (or payer) of a row with these columns. */
export function isApplicant(
  actor: Pick<Actor, 'userType' | 'accountId'>,
  row: { accountId: number | null; organisationId: number | null },
): boolean {
  return actor.userType === 'organ' ? row.organisationId === actor.accountId : row.accountId === actor.accountId;
}
