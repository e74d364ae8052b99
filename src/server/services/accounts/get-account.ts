import { maskName } from '../../../lib/validators/name';
import { maskPersonId } from '../../../lib/validators/tw-id';
import type { Actor } from '../../auth/sessions';
import { decrypt } from '../../auth/secrets';
import { runtime } from '../../runtime';

export interface IndividualAccountInfo {
  userType: 'individual';
  accountId: number;
  email: string;
  nameZh: string;
  nameEn: string;
  maskedName: string;
  personIdMasked: string;
  isMember: boolean;
  memberNo: string | null;
  memberClassId: number | null;
  memberStatus: string | null;
  mustChangePassword: boolean;
  lineLinked: boolean;
  preferredLocale: string;
  createdAt: string;
}

export interface OrganisationAccountInfo {
  userType: 'organ';
  accountId: number;
  email: string;
  name: string;
  nameEn: string;
  taxId: string;
  contactName: string;
  mustChangePassword: boolean;
  preferredLocale: string;
  createdAt: string;
}

export type AccountInfo = IndividualAccountInfo | OrganisationAccountInfo;

/**
 * The signed-in account as the header, the member centre and the session store show it, from the
 * row read with the session (`resolveSession`): no statement of its own.
 */
export async function getAccount(actor: Actor): Promise<AccountInfo> {
  const row = actor.account;
  if (row.userType === 'individual') {
    const { secrets } = await runtime();
    return {
      userType: 'individual',
      accountId: actor.accountId,
      email: row.email,
      nameZh: row.nameZh,
      nameEn: row.nameEn,
      maskedName: maskName(row.nameZh),
      personIdMasked: maskPersonId(decrypt(secrets.personIdKey, row.personIdEncrypted)),
      isMember: row.memberNo !== null,
      memberNo: row.memberNo,
      memberClassId: row.memberClassId,
      memberStatus: row.memberStatus,
      mustChangePassword: row.mustChangePassword,
      lineLinked: row.lineUserId !== null,
      preferredLocale: row.preferredLocale,
      createdAt: row.createdAt.toISOString(),
    };
  }
  return {
    userType: 'organ',
    accountId: actor.accountId,
    email: row.email,
    name: row.name,
    nameEn: row.nameEn,
    taxId: row.taxId,
    contactName: row.contactName,
    mustChangePassword: row.mustChangePassword,
    preferredLocale: row.preferredLocale,
    createdAt: row.createdAt.toISOString(),
  };
}
