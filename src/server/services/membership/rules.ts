import { asc, eq } from 'drizzle-orm';
import { taipeiDate } from '../../../lib/calendar-date';
import {
  type ClassTerms,
  type MembershipDates,
  type MembershipRules,
  type MembershipStatus,
  statusOn,
} from '../../../lib/membership/terms';
import type { Actor, MembershipDatesRow, OpenApplicationRow } from '../../auth/sessions';
import { memberClasses, membershipSettings } from '../../db/schema';
import { runtime } from '../../runtime';

export type MembershipSettings = typeof membershipSettings.$inferSelect;
export type MemberClass = typeof memberClasses.$inferSelect;

/** The society's membership settings (one row), from the memo cache. */
export async function getMembershipSettings(): Promise<MembershipSettings> {
  const rt = await runtime();
  return rt.cache.get('membership-settings', async () => {
    const [row] = await rt.database.db.select().from(membershipSettings).where(eq(membershipSettings.id, 1));
    if (!row) throw new Error('Membership settings are missing: the database was not migrated');
    return row;
  });
}

export function rulesOf(settings: MembershipSettings): MembershipRules {
  return {
    graceDays: settings.graceDays,
    renewalWindowDays: settings.renewalWindowDays,
    lateJoinFrom: settings.lateJoinFrom,
  };
}

/** Every member class (open or not), in the society's order, from the memo cache. */
export async function listMemberClasses(): Promise<MemberClass[]> {
  const rt = await runtime();
  return rt.cache.get('member-classes', () =>
    rt.database.db.select().from(memberClasses).orderBy(asc(memberClasses.sort), asc(memberClasses.id)),
  );
}

export async function getMemberClass(classId: number): Promise<MemberClass | null> {
  return (await listMemberClasses()).find((c) => c.id === classId) ?? null;
}

export function classTerms(cls: MemberClass): ClassTerms {
  return {
    termKind: cls.termKind,
    termMonths: cls.termMonths,
    life: cls.life,
    entranceFee: cls.entranceFee,
    duesPerTerm: cls.duesPerTerm,
  };
}

/** A membership's status today, from its dates and the society's grace period. */
export async function currentStatus(
  m: Pick<MembershipDatesRow, 'termEnd' | 'pausedFrom' | 'pausedUntil' | 'lastDay'>,
  today = taipeiDate(),
): Promise<MembershipStatus> {
  const rules = rulesOf(await getMembershipSettings());
  return statusOn(datesOf(m), today, rules);
}

/**
 * A membership's dates as its status reads them: life when its class is (the class not given or
 * not found: when no term ends).
 */
export function datesOf(
  m: Pick<MembershipDates, 'termEnd' | 'pausedFrom' | 'pausedUntil' | 'lastDay'>,
  cls?: Pick<MemberClass, 'life'> | null,
): MembershipDates {
  return {
    life: cls?.life ?? m.termEnd === null,
    termEnd: m.termEnd,
    pausedFrom: m.pausedFrom,
    pausedUntil: m.pausedUntil,
    lastDay: m.lastDay,
  };
}

/** A member's membership as it stands today, with its class and the society's rules. */
export interface MembershipToday {
  membership: MembershipDatesRow;
  cls: MemberClass;
  settings: MembershipSettings;
  rules: MembershipRules;
  dates: MembershipDates;
  status: MembershipStatus;
  /** The member's applications still open (one at most). */
  openApplications: OpenApplicationRow[];
}

/**
 * The signed-in individual's membership today, from the session and the memo cache (no statement
 * of its own); null for anyone who has never been a member.
 */
export async function membershipToday(actor: Actor, today = taipeiDate()): Promise<MembershipToday | null> {
  if (actor.account.userType !== 'individual') return null;
  const membership = actor.account.membership;
  if (!membership) return null;
  const [cls, settings] = await Promise.all([getMemberClass(membership.classId), getMembershipSettings()]);
  if (!cls) return null;
  const rules = rulesOf(settings);
  const dates = datesOf(membership);
  return {
    membership,
    cls,
    settings,
    rules,
    dates,
    status: statusOn(dates, today, rules),
    openApplications: actor.account.openApplications,
  };
}
