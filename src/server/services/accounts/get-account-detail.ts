import { eq } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import { maskPersonId } from '../../../lib/validators/tw-id';
import { accounts, organisations } from '../../db/schema';
import type { Actor } from '../../auth/sessions';
import { decrypt } from '../../auth/secrets';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';

/** Only the owner may read a profile (-11 for anyone else). */
function assertOwner(actor: Actor, accountId: number, userType: Actor['userType']): void {
  if (accountId !== actor.accountId || actor.userType !== userType) throw new AppError(ErrorCode.NO_PERMISSION);
}

/** An individual's whole editable profile; the national ID is shown masked, never in full. */
export async function getIndividualDetail(actor: Actor, accountId: number) {
  assertOwner(actor, accountId, 'individual');
  const rt = await runtime();
  const { db } = rt.database;
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!row) throw new AppError(ErrorCode.NO_DATA);
  return {
    accountId: row.id,
    email: row.email,
    nameZh: row.nameZh,
    nameEn: row.nameEn,
    personIdMasked: maskPersonId(decrypt(rt.secrets.personIdKey, row.personIdEncrypted)),
    birthDate: row.birthDate,
    gender: row.gender,
    mobile: row.mobile,
    phone: row.phone,
    postalCode: row.postalCode,
    address: row.address,
    workplace: row.workplace,
    department: row.department,
    jobTitle: row.jobTitle,
    education: row.education,
    preferredLocale: row.preferredLocale,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An organisation's whole editable profile. */
export async function getOrganisationDetail(actor: Actor, accountId: number) {
  assertOwner(actor, accountId, 'organ');
  const { db } = (await runtime()).database;
  const [row] = await db.select().from(organisations).where(eq(organisations.id, accountId)).limit(1);
  if (!row) throw new AppError(ErrorCode.NO_DATA);
  return {
    accountId: row.id,
    email: row.email,
    name: row.name,
    nameEn: row.nameEn,
    taxId: row.taxId,
    contactName: row.contactName,
    contactTitle: row.contactTitle,
    phone: row.phone,
    fax: row.fax,
    postalCode: row.postalCode,
    address: row.address,
    website: row.website,
    topicIds: row.topicIds,
    preferredLocale: row.preferredLocale,
    updatedAt: row.updatedAt.toISOString(),
  };
}
