import { maskName, personName } from '../../../lib/validators/name';
import { maskPersonId } from '../../../lib/validators/tw-id';
import type { Actor } from '../../auth/sessions';
import { decrypt } from '../../auth/secrets';
import { runtime } from '../../runtime';
import type { Role } from '../../../lib/roles';
import type { MembershipStatus } from '../../../lib/membership/terms';
import { currentStatus } from '../membership/rules';

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
  memberStatus: MembershipStatus | null;
  roles: Role[];
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
      maskedName: maskName(personName(row, 'zh-tw')),
      personIdMasked: maskPersonId(decrypt(secrets.personIdKey, row.personIdEncrypted)),
      isMember: row.membership !== null,
      memberNo: row.membership?.memberNo ?? null,
      memberClassId: row.membership?.classId ?? null,
      memberStatus: row.membership ? await currentStatus(row.membership) : null,
      roles: row.roles,
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
