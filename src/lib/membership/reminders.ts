/**
 * Renewal reminders (DESIGN.md §12, §15): which one a member is due on a day. Pure, so the job and
 * its tests apply the same rule; the job records each one sent under (membership, term end, kind),
 * which is what makes it go once.
 */
import { addDays, type CalendarDate } from '../calendar-date';

/** When the society reminds: days before a term ends, and days into grace (the settings). */
export interface ReminderSchedule {
  remindBeforeDays: readonly number[];
  remindInGraceDays: readonly number[];
  graceDays: number;
}

export interface DueReminder {
  /** `before30`, `grace14`: with the membership and the term end, the reminder's key. */
  kind: string;
  /** Before the term ends, or in grace (the mail's wording). */
  phase: 'before' | 'grace';
  /** The day it was scheduled for. */
  on: CalendarDate;
}

/** Every reminder scheduled for a term ending on `termEnd`, in the order of their days. */
export function remindersFor(termEnd: CalendarDate, schedule: ReminderSchedule): DueReminder[] {
  const before = schedule.remindBeforeDays
    .filter((days) => Number.isInteger(days) && days >= 0)
    .map((days): DueReminder => ({ kind: `before${days}`, phase: 'before', on: addDays(termEnd, -days) }));
  const grace = schedule.remindInGraceDays
    .filter((days) => Number.isInteger(days) && days >= 1 && days <= schedule.graceDays)
    .map((days): DueReminder => ({ kind: `grace${days}`, phase: 'grace', on: addDays(termEnd, days) }));
  return [...before, ...grace].sort((a, b) => (a.on < b.on ? -1 : a.on > b.on ? 1 : 0));
}

/**
 * The reminder due on `today` for a term ending on `termEnd`: the latest one whose day has come,
 * while it still says something true (a `before` one until the term's last day, a `grace` one
 * until grace ends). A job that missed days therefore sends the most recent reminder only, never
 * the ones it missed. Null when none is due (too early, or lapsed).
 */
export function dueReminder(
  termEnd: CalendarDate,
  today: CalendarDate,
  schedule: ReminderSchedule,
): DueReminder | null {
  if (today > addDays(termEnd, schedule.graceDays)) return null;
  const phase = today <= termEnd ? 'before' : 'grace';
  const due = remindersFor(termEnd, schedule).filter((r) => r.phase === phase && r.on <= today);
  return due.at(-1) ?? null;
}
