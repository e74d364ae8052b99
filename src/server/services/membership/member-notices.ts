import { eq, type SQL } from 'drizzle-orm';
import { addDays } from '../../../lib/calendar-date';
import { type I18nText, pickText } from '../../../lib/i18n-text';
import { isLocale, type Locale } from '../../../lib/locales';
import type { MembershipStatus } from '../../../lib/membership/terms';
import { localePath } from '../../../lib/paths';
import type { Executor } from '../../db/client';
import { accounts, memberClasses, memberships } from '../../db/schema';
import { enqueueMail } from '../../integrations/mail/outbox';
import { type MembershipNotice, membershipNotice } from '../../integrations/mail/templates';
import type { MailSite } from '../mail/mail-site';
import type { MembershipSettings } from './rules';
import { personName } from '../../../lib/validators/name';

/** A member as the jobs that write to them read them: membership, class and account in one row. */
export interface MemberToTell {
  membershipId: number;
  accountId: number;
  memberNo: string;
  status: MembershipStatus;
  termEnd: string | null;
  pausedFrom: string | null;
  lastDay: string | null;
  className: I18nText;
  dues: number;
  email: string;
  nameZh: string;
  nameEn: string;
  preferredLocale: string;
}

/** The memberships matching `where`, with what a mail to each needs, in one statement. */
export async function membersToTell(executor: Executor, where: SQL | undefined): Promise<MemberToTell[]> {
  return executor
    .select({
      membershipId: memberships.id,
      accountId: memberships.accountId,
      memberNo: memberships.memberNo,
      status: memberships.status,
      termEnd: memberships.termEnd,
      pausedFrom: memberships.pausedFrom,
      lastDay: memberships.lastDay,
      className: memberClasses.name,
      dues: memberClasses.duesPerTerm,
      email: accounts.email,
      nameZh: accounts.nameZh,
      nameEn: accounts.nameEn,
      preferredLocale: accounts.preferredLocale,
    })
    .from(memberships)
    .innerJoin(memberClasses, eq(memberClasses.id, memberships.classId))
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(where);
}

/** Notices that ask the member to renew: their link is the renewal page, the others' the member centre. */
const RENEWAL: readonly MembershipNotice[] = ['inGrace', 'remindBefore', 'remindGrace'];

/**
 * Puts a mail to the member about their membership in the outbox, in the transaction of the change
 * (or of the reminder's record), in the language they chose for their account (zh-tw otherwise).
 * Links come from the configured origin only (`mailSite`).
 */
export async function notifyMember(
  tx: Executor,
  member: MemberToTell,
  notice: MembershipNotice,
  site: MailSite,
  settings: MembershipSettings,
): Promise<void> {
  const locale: Locale = isLocale(member.preferredLocale) ? member.preferredLocale : 'zh-tw';
  const path = RENEWAL.includes(notice) ? '/member/extension/apply' : '/member/center';
  const mail = membershipNotice({
    siteName: site.siteName[locale],
    locale,
    name: personName(member, locale),
    notice,
    memberNo: member.memberNo,
    className: pickText(member.className, locale),
    termEnd: member.termEnd,
    graceEnd: member.termEnd ? addDays(member.termEnd, settings.graceDays) : null,
    day: notice === 'paused' ? member.pausedFrom : notice === 'ended' ? member.lastDay : null,
    amount: member.dues,
    url: site.origin + localePath(path, locale),
  });
  await enqueueMail(
    tx,
    { to: member.email, ...mail, locale },
    { kind: `membership.${notice}`, eraseAfter: new Date(Date.now() + 30 * 86_400_000) },
  );
}
