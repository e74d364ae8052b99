import { and, between, eq, gte, inArray, isNull, notExists, notInArray } from 'drizzle-orm';
import { FINAL_STATES } from '../../../lib/applications/state-machine';
import { addDays, taipeiDate } from '../../../lib/calendar-date';
import { dueReminder, type ReminderSchedule } from '../../../lib/membership/reminders';
import { applications, memberClasses, membershipReminders, memberships } from '../../db/schema';
import { runtime } from '../../runtime';
import { mailSite } from '../mail/mail-site';
import { membersToTell, notifyMember } from './member-notices';
import { getMembershipSettings } from './rules';

/**
 * Renewal reminders (a job, DESIGN.md §15): before a term ends (`remindBeforeDays`) and during
 * grace (`remindInGraceDays`), the member is told when the term (or grace) ends, the dues and where
 * to renew. Not life members, nor those pausing or leaving, nor one with a renewal open; a member
 * who renewed has a later term end and so is reminded again only about that term. A reminder goes
 * once per membership, term end and kind: its row and its mail are written in one transaction, the
 * row by `insert … on conflict do nothing returning`, so of two processes only one writes the mail.
 * After missed days only the most recent reminder goes (`dueReminder`). Once `signal` is aborted
 * (the process stops) it sends no more. Answers how many it sent.
 */
export async function sendRenewalReminders(today = taipeiDate(), signal?: AbortSignal): Promise<number> {
  const { db } = (await runtime()).database;
  const settings = await getMembershipSettings();
  const schedule: ReminderSchedule = {
    remindBeforeDays: settings.remindBeforeDays,
    remindInGraceDays: settings.remindInGraceDays,
    graceDays: settings.graceDays,
  };
  const ahead = Math.max(0, ...settings.remindBeforeDays);
  // Renewing already, or asking to leave, pause or resume: a reminder to renew would mislead.
  const renewing = db
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
    db,
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
  if (due.length === 0) return 0;
  // Those already sent are left out here; the unique index still decides between processes.
  const sent = await db
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
  const site = await mailSite();
  let count = 0;
  for (const { member, reminder } of due) {
    // Stopping: the rest go at the next run (the job is due again at once).
    if (signal?.aborted) break;
    if (already.has(key(member.membershipId, member.termEnd!, reminder.kind))) continue;
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
