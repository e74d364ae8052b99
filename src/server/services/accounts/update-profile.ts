import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { ErrorCode } from '../../../lib/error-codes';
import { hasAName } from '../../../lib/schemas/account';
import { accounts, organisations } from '../../db/schema';
import type { Actor } from '../../auth/sessions';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { audit } from './audit';
import type { IndividualProfile, OrganisationProfile } from './create-account';

/** The contact fields of an individual (edit); name and national ID stay as registered. */
export type IndividualContact = Pick<IndividualProfile, 'nameEn' | 'mobile' | 'phone' | 'postalCode' | 'address'> & {
  /** '' or a date: fills in a birth date the account does not have yet, never changes a stored one. */
  birthDate: string;
  preferredLocale: 'zh-tw' | 'en-us';
};
/** The professional fields of an individual (editWork). */
export type IndividualWork = Pick<IndividualProfile, 'workplace' | 'department' | 'jobTitle' | 'education'>;
/** What an organisation may change about itself; the business number stays as registered. */
export type OrganisationEditable = Omit<OrganisationProfile, 'taxId' | 'topicIds'> & {
  /** Left out: the chosen topics stay as they are. */
  topicIds?: number[] | undefined;
  preferredLocale: 'zh-tw' | 'en-us';
};

async function updateIndividual(actor: Actor, values: PgUpdateSetSource<typeof accounts>, ip: string) {
  const { db } = (await runtime()).database;
  const rows = await db
    .update(accounts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(accounts.id, actor.accountId))
    .returning({ id: accounts.id });
  if (rows.length === 0) throw new AppError(ErrorCode.TOKEN_INVALID);
  await audit({ userType: 'individual', accountId: actor.accountId }, 'profileUpdated', ip, {
    fields: Object.keys(values),
  });
}

export function updateIndividualContact(actor: Actor, { birthDate, ...values }: IndividualContact, ip: string) {
  // Someone without a Chinese name (from abroad) keeps the name in Latin letters: one is needed.
  if (actor.account.userType === 'individual' && !hasAName({ nameZh: actor.account.nameZh, nameEn: values.nameEn }))
    throw new AppError(ErrorCode.DATA_CHECK, { fields: ['nameEn'] }, { key: 'nameNeeded' });
  // A member brought over from an old system has no birth date until they give it here; once
  // stored it stays, like the name and national ID (the secretariat corrects those).
  return updateIndividual(
    actor,
    birthDate ? { ...values, birthDate: sql<string>`coalesce(${accounts.birthDate}, ${birthDate})` } : values,
    ip,
  );
}

export function updateIndividualWork(actor: Actor, values: IndividualWork, ip: string) {
  return updateIndividual(actor, values, ip);
}

export async function updateOrganisation(actor: Actor, values: OrganisationEditable, ip: string) {
  const { db } = (await runtime()).database;
  const rows = await db
    .update(organisations)
    .set({ ...values, topicIds: values.topicIds, updatedAt: new Date() })
    .where(eq(organisations.id, actor.accountId))
    .returning({ id: organisations.id });
  if (rows.length === 0) throw new AppError(ErrorCode.TOKEN_INVALID);
  await audit({ userType: 'organ', accountId: actor.accountId }, 'profileUpdated', ip, { fields: Object.keys(values) });
}
