/**
 * The members report of the staff console (office): members by status and by class at the end of
 * each month, and who joined, left and lapsed in it. The status on a day comes from the dates by
 * the membership rules themselves (`statusOn`, the job's rule), read with the term that ran then,
 * so the report never keeps a second copy of a rule.
 */
import type { CalendarDate } from '../../../lib/calendar-date';
import { taipeiDate } from '../../../lib/calendar-date';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { type MembershipStatus, statusOn } from '../../../lib/membership/terms';
import { monthOf, reportMonths } from '../../../lib/reports/months';
import { runtime } from '../../runtime';
import { getMembershipSettings, listMemberClasses, rulesOf } from '../membership/rules';

/** Every membership begun by `$1`, with every term it was granted (start, end, class), in one statement. */
const MEMBERSHIP_HISTORY = `
  SELECT m.id, m.class_id, m.joined_on::text AS joined_on, m.paused_from::text AS paused_from,
    m.paused_until::text AS paused_until, m.last_day::text AS last_day,
    (SELECT json_agg(json_build_array(t.start, t."end", t.class_id) ORDER BY t.start)
      FROM membership_terms t WHERE t.membership_id = m.id) AS terms
  FROM memberships m
  WHERE m.joined_on <= $1`;

type TermTuple = [CalendarDate, CalendarDate | null, number];

/** The statuses a member holds, from the best standing on (an ended membership is no longer counted among the members). */
export const MEMBER_STATUSES: readonly MembershipStatus[] = ['active', 'inGrace', 'paused', 'lapsed'];

/**
 * The statuses counted as members: a lapsed membership is kept (it may still be renewed) but is no
 * longer counted. The month's count, the status chart's bars and the class chart all read this one list.
 */
export const COUNTED_STATUSES: readonly MembershipStatus[] = ['active', 'inGrace', 'paused'];

export interface MembersReport {
  months: string[];
  /** Members at each month's end (the statuses of COUNTED_STATUSES). */
  members: number[];
  statuses: { status: MembershipStatus; counts: number[] }[];
  /** Members (active, in grace or paused) by the class of the term they were in. */
  classes: { classId: number; code: string; name: string; counts: number[] }[];
  joined: number[];
  left: number[];
  lapsed: number[];
}

export async function membersReport(months: number, locale: Locale, today = taipeiDate()): Promise<MembersReport> {
  const window = reportMonths(today, months + 1);
  const before = window[0]!;
  const shown = window.slice(1);
  const rt = await runtime();
  const [rows, settings, classes] = await Promise.all([
    rt.database.prepared('report_membership_history', MEMBERSHIP_HISTORY, [today]),
    getMembershipSettings(),
    listMemberClasses(),
  ]);
  const rules = rulesOf(settings);
  const classIndex = new Map(classes.map((c, i) => [c.id, i]));
  const statuses = new Map(MEMBER_STATUSES.map((s) => [s, shown.map(() => 0)]));
  const byClass = classes.map(() => shown.map(() => 0));
  const members = shown.map(() => 0);
  const joined = shown.map(() => 0);
  const left = shown.map(() => 0);
  const lapsed = shown.map(() => 0);
  const monthIndex = new Map(shown.map((m, i) => [m.month, i]));

  for (const row of rows) {
    const joinedOn = row.joined_on as CalendarDate;
    const terms = (row.terms ?? []) as TermTuple[];
    const dates = {
      pausedFrom: row.paused_from as CalendarDate | null,
      pausedUntil: row.paused_until as CalendarDate | null,
      lastDay: row.last_day as CalendarDate | null,
    };
    /** The status and class on a day, or null before the membership began. */
    const on = (day: CalendarDate): { status: MembershipStatus; classId: number } | null => {
      if (joinedOn > day) return null;
      let term: TermTuple | undefined = terms[0];
      for (const t of terms) if (t[0] <= day) term = t;
      const termEnd = term ? term[1] : null;
      const status = statusOn({ life: termEnd === null, termEnd, ...dates }, day, rules);
      return { status, classId: term ? term[2] : (row.class_id as number) };
    };
    const joinedIndex = monthIndex.get(monthOf(joinedOn));
    if (joinedIndex !== undefined) joined[joinedIndex]! += 1;
    let previous = on(before.asOf);
    shown.forEach((month, i) => {
      const now = on(month.asOf);
      if (now) {
        if (now.status !== 'ended') statuses.get(now.status)![i]! += 1;
        if (COUNTED_STATUSES.includes(now.status)) {
          members[i]! += 1;
          const c = classIndex.get(now.classId);
          if (c !== undefined) byClass[c]![i]! += 1;
        }
        if (now.status === 'ended' && previous && previous.status !== 'ended') left[i]! += 1;
        if (now.status === 'lapsed' && previous && (previous.status === 'active' || previous.status === 'inGrace'))
          lapsed[i]! += 1;
      }
      previous = now;
    });
  }
  return {
    months: shown.map((m) => m.month),
    members,
    statuses: MEMBER_STATUSES.map((status) => ({ status, counts: statuses.get(status)! })),
    classes: classes
      .map((c, i) => ({ classId: c.id, code: c.code, name: pickText(c.name, locale), counts: byClass[i]! }))
      .filter((c, i) => classes[i]!.active || c.counts.some((n) => n > 0)),
    joined,
    left,
    lapsed,
  };
}
