import { eq, sql, type SQL } from 'drizzle-orm';
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
import { INVITE_VALID_DAYS } from '../accounts/invite-first-sign-in';

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
  /**
   * Whether the jobs may remind this member: they have signed in (set a password), or their first
   * first-sign-in link was mailed `REMIND_AFTER_INVITE_DAYS` ago or more (docs/decisions/034).
   */
  remindable: boolean;
  /** The society's day from which a member who has not signed in is reminded; null before any invitation. */
  remindFrom: string | null;
}

/**
 * How long after an imported member's invitation the jobs wait before reminding them, when they have
 * not signed in yet: as long as the invitation's link lives, so the invitation is what they read
 * first (docs/decisions/034).
 */
export const REMIND_AFTER_INVITE_DAYS = INVITE_VALID_DAYS;

/** The first first-sign-in link (an invitation, or one the member asked for) mailed to the account. */
const firstLinkAt = sql`(SELECT min(c.created_at) FROM email_challenges c
  WHERE c.email = ${accounts.email} AND c.purpose = 'reset' AND c.user_type = 'individual')`;

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
      remindable: sql<boolean>`(${accounts.passwordHash} IS NOT NULL
        OR ${firstLinkAt} <= now() - make_interval(days => ${REMIND_AFTER_INVITE_DAYS}))`,
      remindFrom: sql<string | null>`to_char((${firstLinkAt} + make_interval(days => ${REMIND_AFTER_INVITE_DAYS}))
        AT TIME ZONE 'Asia/Taipei', 'YYYY-MM-DD')`,
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
