import { ErrorCode } from '../../../lib/error-codes';
import type { Locale } from '../../../lib/locales';
import { accounts, organisations } from '../../db/schema';
import { hashPassword } from '../../auth/passwords';
import { encrypt } from '../../auth/secrets';
import { AppError } from '../../http/app-error';
import { runtime } from '../../runtime';
import { assertPasswordPolicy } from './assert-password-policy';
import { audit } from './audit';
import { isEmailTaken, personIdHash } from './account-store';
import { consumeEmailToken, readEmailToken } from './email-challenges';
import { isTaxIdTaken, isPersonIdTaken } from './check-availability';
import { isUniqueViolation } from '../../db/errors';

export interface IndividualProfile {
  nameZh: string;
  nameEn: string;
  personId: string;
  birthDate: string;
  gender?: 'male' | 'female' | 'other' | undefined;
  mobile: string;
  phone: string;
  postalCode: string;
  address: string;
  workplace: string;
  department: string;
  jobTitle: string;
  education: string;
}

export interface OrganisationProfile {
  name: string;
  nameEn: string;
  taxId: string;
  contactName: string;
  contactTitle: string;
  phone: string;
  fax: string;
  postalCode: string;
  address: string;
  website: string;
  topicIds: number[];
}

/**
 * Creates an individual account (web user) for the address an EmailAuthorization token proves.
 * The token is used up in the same transaction, so a failure leaves both as they were.
 */
export async function createIndividualAccount(
  emailToken: string | null,
  profile: IndividualProfile,
  password: string,
  locale: Locale,
  ip: string,
): Promise<{ accountId: number; email: string }> {
  const verified = await readEmailToken(emailToken, 'signup', 'individual');
  const { email } = verified;
  await assertPasswordPolicy(
    password,
    { email, personId: profile.personId, names: [profile.nameZh, profile.nameEn] },
    'password',
  );
  if (await isEmailTaken('individual', email))
    throw new AppError(ErrorCode.DUPLICATE, { fields: ['email'] }, { key: 'emailTaken' });
  if (await isPersonIdTaken(profile.personId))
    throw new AppError(ErrorCode.DUPLICATE, { fields: ['personId'] }, { key: 'personIdTaken' });
  const rt = await runtime();
  const passwordHash = await hashPassword(password);
  const { personId, ...rest } = profile;
  try {
    const accountId = await rt.database.db.transaction(async (tx) => {
      await consumeEmailToken(verified.challengeId, tx);
      const [row] = await tx
        .insert(accounts)
        .values({
          ...rest,
          gender: rest.gender ?? null,
          email,
          passwordHash,
          personIdEncrypted: encrypt(rt.secrets.personIdKey, personId),
          personIdHash: await personIdHash(personId),
          preferredLocale: locale,
          emailVerifiedAt: new Date(),
        })
        .returning({ id: accounts.id });
      return row!.id;
    });
    await audit({ userType: 'individual', accountId }, 'accountCreated', ip);
    return { accountId, email };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(ErrorCode.DUPLICATE, { fields: ['email', 'personId'] });
    throw error;
  }
}

/** Creates an organisation account for the address an EmailAuthorization token proves. */
export async function createOrganisation(
  emailToken: string | null,
  profile: OrganisationProfile,
  password: string,
  locale: Locale,
  ip: string,
): Promise<{ organisationId: number; email: string }> {
  const verified = await readEmailToken(emailToken, 'signup', 'organ');
  const { email } = verified;
  await assertPasswordPolicy(
    password,
    { email, names: [profile.name, profile.nameEn, profile.contactName] },
    'password',
  );
  if (await isEmailTaken('organ', email))
    throw new AppError(ErrorCode.DUPLICATE, { fields: ['email'] }, { key: 'emailTaken' });
  if (await isTaxIdTaken(profile.taxId))
    throw new AppError(ErrorCode.DUPLICATE, { fields: ['taxId'] }, { key: 'taxIdTaken' });
  const rt = await runtime();
  const passwordHash = await hashPassword(password);
  try {
    const organisationId = await rt.database.db.transaction(async (tx) => {
      await consumeEmailToken(verified.challengeId, tx);
      const [row] = await tx
        .insert(organisations)
        .values({ ...profile, email, passwordHash, preferredLocale: locale, emailVerifiedAt: new Date() })
        .returning({ id: organisations.id });
      return row!.id;
    });
    await audit({ userType: 'organ', accountId: organisationId }, 'accountCreated', ip);
    return { organisationId, email };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(ErrorCode.DUPLICATE, { fields: ['email', 'taxId'] });
    throw error;
  }
}
