import type { z } from 'zod';
import { ErrorCode } from '../../../lib/error-codes';
import type { Locale } from '../../../lib/locales';
import type { createIndividualFields } from '../../../lib/schemas/account';
import { accounts, organisations, type UserType } from '../../db/schema';
import { hashPassword } from '../../auth/passwords';
import { createSession } from '../../auth/sessions';
import { encrypt } from '../../auth/secrets';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { assertPasswordPolicy } from './assert-password-policy';
import { audit } from './audit';
import { isEmailTaken, personIdHash } from './account-store';
import { consumeEmailToken, readEmailToken } from './email-challenges';
import { isTaxIdTaken, isPersonIdTaken } from './check-availability';
import { isUniqueViolation } from '../../db/errors';

/** What a sign-up gives about the person (the sign-up's fields but the password). */
export type IndividualProfile = Omit<z.output<typeof createIndividualFields>, 'password'>;

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

/** Where a sign-up comes from: the new account's first session is opened for this client. */
export interface SignUpClient {
  ip: string;
  userAgent: string;
}

/** The session a new account starts with: for the browser session only, as a sign-in without "remember me". */
export interface FirstSession {
  token: string;
  expiresAt: Date;
  remember: false;
}

/**
 * Signs a new account in. Sign-up proves the e-mail address (the mailed code) before the account
 * exists, so nothing is left to confirm: the person who just chose the password is signed in,
 * as they expect, instead of being sent to type it again.
 */
async function openFirstSession(userType: UserType, accountId: number, client: SignUpClient): Promise<FirstSession> {
  const session = await createSession({ userType, accountId, remember: false, ...client });
  await audit({ userType, accountId }, 'signIn', client.ip, { remember: false, afterSignUp: true });
  return { ...session, remember: false };
}

/**
 * Creates an individual account (web user) for the address an EmailAuthorization token proves,
 * and signs it in. The token is used up in the same transaction, so a failure leaves both as they
 * were.
 */
export async function createIndividualAccount(
  emailToken: string | null,
  profile: IndividualProfile,
  password: string,
  locale: Locale,
  client: SignUpClient,
): Promise<{ accountId: number; email: string; session: FirstSession }> {
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
    await audit({ userType: 'individual', accountId }, 'accountCreated', client.ip);
    return { accountId, email, session: await openFirstSession('individual', accountId, client) };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(ErrorCode.DUPLICATE, { fields: ['email', 'personId'] });
    throw error;
  }
}

/** Creates an organisation account for the address an EmailAuthorization token proves, and signs it in. */
export async function createOrganisation(
  emailToken: string | null,
  profile: OrganisationProfile,
  password: string,
  locale: Locale,
  client: SignUpClient,
): Promise<{ organisationId: number; email: string; session: FirstSession }> {
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
    await audit({ userType: 'organ', accountId: organisationId }, 'accountCreated', client.ip);
    return { organisationId, email, session: await openFirstSession('organ', organisationId, client) };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(ErrorCode.DUPLICATE, { fields: ['email', 'taxId'] });
    throw error;
  }
}
