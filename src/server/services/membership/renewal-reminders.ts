import { and, between, eq, gte, inArray, isNull, notExists, notInArray } from 'drizzle-orm';
import { FINAL_STATES } from '../../../lib/applications/state-machine';
import { addDays, taipeiDate } from '../../../lib/calendar-date';
import { type DueReminder, dueReminder, type ReminderSchedule } from '../../../lib/membership/reminders';
import type { Executor } from '../../db/client';
import { applications, memberClasses, membershipReminders, memberships } from '../../db/schema';
import { runtime } from '../../runtime';
import { mailSite } from '../mail/mail-site';
import { type MemberToTell, membersToTell, notifyMember } from './member-notices';
import { getMembershipSettings, type MembershipSettings } from './rules';

/** A renewal reminder due today and not sent yet, with the member it goes to. */
export interface DueRenewalReminder {
  member: MemberToTell;
  reminder: DueReminder;
}

/**
 * The renewal reminders due on `today` and not sent yet (DESIGN.md §12): before a term ends
 * (`remindBeforeDays`) and during grace (`remindInGraceDays`). Not life members, nor those pausing
 * or leaving, nor one with a renewal open; a member who renewed has a later term end and so is due
 * again only about that term. After missed days only the most recent reminder is due
 * (`dueReminder`). Read with `executor`, so an import's report counts them inside its transaction.
 */
export async function dueRenewalReminders(
  executor: Executor,
  today: string,
  settings: MembershipSettings,
): Promise<DueRenewalReminder[]> {
  const schedule: ReminderSchedule = {
    remindBeforeDays: settings.remindBeforeDays,
    remindInGraceDays: settings.remindInGraceDays,
    graceDays: settings.graceDays,
  };
  const ahead = Math.max(0, ...settings.remindBeforeDays);
  // Renewing already, or asking to leave, pause or resume: a reminder to renew would mislead.
  const renewing = executor
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.accountId, memberships.accountId),
        inArray(applications.type, ['extension', 'quit', 'stop', 'restart']),
        notInArray(applications.state, [...FINAL_STATES]),
      ),
    );
  const candidates = await membersToTell(
    executor,
    and(
      between(memberships.termEnd, addDays(today, -settings.graceDays), addDays(today, ahead)),
      isNull(memberships.pausedFrom),
      isNull(memberships.lastDay),
      eq(memberClasses.life, false),
      notExists(renewing),
    ),
  );
  const due = candidates.flatMap((member) => {
    const reminder = dueReminder(member.termEnd!, today, schedule);
    return reminder ? [{ member, reminder }] : [];
  });
  if (due.length === 0) return [];
  // Those already sent are left out here; the unique index still decides between processes.
  const sent = await executor
    .select({
      membershipId: membershipReminders.membershipId,
      termEnd: membershipReminders.termEnd,
      kind: membershipReminders.kind,
    })
    .from(membershipReminders)
    .where(
      and(
        inArray(
          membershipReminders.membershipId,
          due.map((d) => d.member.membershipId),
        ),
        gte(membershipReminders.termEnd, addDays(today, -settings.graceDays)),
      ),
    );
  const key = (membershipId: number, termEnd: string, kind: string) => `${membershipId} ${termEnd} ${kind}`;
  const already = new Set(sent.map((s) => key(s.membershipId, s.termEnd, s.kind)));
  return due.filter(({ member, reminder }) => !already.has(key(member.membershipId, member.termEnd!, reminder.kind)));
}

/** Renewal reminders due now: those that go at the job's next run, and those that wait (docs/decisions/034). */
export interface RenewalReminderOutlook {
  /** To members who have signed in, or whose invitation is old enough: at the job's next run. */
  now: number;
  /** To members invited but not signed in yet: after their first sign-in, or from `from`. */
  afterInvitation: number;
  /** The earliest day one of those goes without a sign-in. */
  from: string | null;
  /** To members not invited yet: after `npm run import -- invite` and the wait. */
  notInvited: number;
}

export async function renewalReminderOutlook(
  executor: Executor,
  today: string,
  settings: MembershipSettings,
): Promise<RenewalReminderOutlook> {
  const outlook: RenewalReminderOutlook = { now: 0, afterInvitation: 0, from: null, notInvited: 0 };
  for (const { member } of await dueRenewalReminders(executor, today, settings)) {
    if (member.remindable) outlook.now += 1;
    else if (member.remindFrom === null) outlook.notInvited += 1;
    else {
      outlook.afterInvitation += 1;
      if (outlook.from === null || member.remindFrom < outlook.from) outlook.from = member.remindFrom;
    }
  }
  return outlook;
}

/**
 * Renewal reminders (a job, DESIGN.md §15): each due reminder (`dueRenewalReminders`) tells the
 * member when the term (or grace) ends, the dues and where to renew. A member brought over from an
 * old system who has not signed in yet is reminded only once their invitation is old enough
 * (`remindable`, docs/decisions/034): the invitation is the first mail they get. A reminder goes
 * once per membership, term end and kind: its row and its mail are written in one transaction, the
 * row by `insert … on conflict do nothing returning`, so of two processes only one writes the mail.
 * Once `signal` is aborted (the process stops) it sends no more. Answers how many it sent.
 */
export async function sendRenewalReminders(today = taipeiDate(), signal?: AbortSignal): Promise<number> {
  const { db } = (await runtime()).database;
  const settings = await getMembershipSettings();
  const due = (await dueRenewalReminders(db, today, settings)).filter(({ member }) => member.remindable);
  if (due.length === 0) return 0;
  const site = await mailSite();
  let count = 0;
  for (const { member, reminder } of due) {
    // Stopping: the rest go at the next run (the job is due again at once).
    if (signal?.aborted) break;
    const wrote = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(membershipReminders)
        .values({ membershipId: member.membershipId, termEnd: member.termEnd!, kind: reminder.kind })
        .onConflictDoNothing()
        .returning({ id: membershipReminders.id });
      if (!row) return false;
      await notifyMember(tx, member, reminder.phase === 'before' ? 'remindBefore' : 'remindGrace', site, settings);
      return true;
    });
    if (wrote) count += 1;
  }
  return count;
}
