import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { localName } from '../../../lib/i18n-text';
import { isLocale, type Locale } from '../../../lib/locales';
import type { Role } from '../../../lib/roles';
import { accountRoles, accounts } from '../../db/schema';
import { runtime } from '../../runtime';

/** Someone to mail because of a role they hold: their address, language and name in it. */
export interface RoleHolderToMail {
  accountId: number;
  email: string;
  locale: Locale;
  name: string;
}

/**
 * The open accounts holding any of `roles` (each once, but `except`), to be mailed in their own
 * language: the editors-in-chief told of a submission, a queue's supervisors told that a reviewer
 * left, the admins told that the audit log's chain broke. Read before the mail's transaction.
 */
export async function roleHoldersToMail(roles: readonly Role[], except?: number): Promise<RoleHolderToMail[]> {
  if (roles.length === 0) return [];
  const { db } = (await runtime()).database;
  const rows = await db
    .selectDistinct({
      accountId: accounts.id,
      email: accounts.email,
      nameZh: accounts.nameZh,
      nameEn: accounts.nameEn,
      locale: accounts.preferredLocale,
    })
    .from(accountRoles)
    .innerJoin(accounts, eq(accounts.id, accountRoles.accountId))
    .where(
      and(
        inArray(accountRoles.role, [...roles]),
        isNull(accounts.closedAt),
        except === undefined ? undefined : ne(accounts.id, except),
      ),
    )
    .orderBy(accounts.id);
  return rows.map((r) => {
    const locale: Locale = isLocale(r.locale) ? r.locale : 'zh-tw';
    return { accountId: r.accountId, email: r.email, locale, name: localName({ zh: r.nameZh, en: r.nameEn }, locale) };
  });
}
