import { eq } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import { maskName } from '../../../lib/validators/name';
import { maskPersonId } from '../../../lib/validators/tw-id';
import { accounts, organisations } from '../../db/schema';
import type { Actor } from '../../auth/sessions';
import { decrypt } from '../../auth/secrets';
import { AppError } from '../../http/app-error';
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

/** The signed-in account as the header, the member centre and the session store show it. */
export async function getAccount(actor: Actor): Promise<AccountInfo> {
  const rt = await runtime();
  const { db } = rt.database;
  if (actor.userType === 'individual') {
    const [row] = await db.select().from(accounts).where(eq(accounts.id, actor.accountId)).limit(1);
    if (!row) throw new AppError(ErrorCode.TOKEN_INVALID);
    return {
      userType: 'individual',
      accountId: row.id,
      email: row.email,
      nameZh: row.nameZh,
      nameEn: row.nameEn,
      maskedName: maskName(row.nameZh),
      personIdMasked: maskPersonId(decrypt(rt.secrets.personIdKey, row.personIdEncrypted)),
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
  const [row] = await db.select().from(organisations).where(eq(organisations.id, actor.accountId)).limit(1);
  if (!row) throw new AppError(ErrorCode.TOKEN_INVALID);
  return {
    userType: 'organ',
    accountId: row.id,
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
