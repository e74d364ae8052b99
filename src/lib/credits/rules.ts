/**
 * Continuing-education rules as data (issue 11): what a certification needs over its period, and
 * where a member stands against it. Pure functions over the ledger, so the certificate page, the
 * transcript, the course calendar and the tests all count the same way.
 *
 * Points are kept in tenths (1.5 points is 15) so that sums and caps are exact; the rule set a
 * society edits states them in points.
 */
import { addDays, addMonths, type CalendarDate, daysBetween, periodEnd } from '../calendar-date';
import { type I18nText, pickText } from '../i18n-text';
import type { Locale } from '../locales';
import type { AccreditationRules, AttendanceRule } from './accreditation';

export const CREDIT_CLASSES = ['A', 'B'] as const;
export type CreditClass = (typeof CREDIT_CLASSES)[number];

/** How points were earned: caps apply per method. */
export const CREDIT_METHODS = ['course', 'online', 'journalQuiz', 'paper', 'lecture', 'abroad'] as const;
export type CreditMethod = (typeof CREDIT_METHODS)[number];

/**
 * A topic credits may cover, which a group of categories may have to include: a key of a rule set's
 * `topics` (the society file names them with each certification's rules), the topics an
 * organisation's course session may be flagged with. A rule set that names none has these two (the
 * Taiwanese physicians' licence rules).
 */
export type CreditTopic = string;
export const DEFAULT_CREDIT_TOPICS: { key: CreditTopic; name: { 'zh-tw': string; 'en-us': string } }[] = [
  { key: 'infectionControl', name: { 'zh-tw': '感染管制', 'en-us': 'Infection control' } },
  { key: 'gender', name: { 'zh-tw': '性別議題', 'en-us': 'Gender' } },
];

/**
 * A topic's name in the reader's language, as the certification's rules name it: every page, mail
 * and file that shows a topic names it so (a key the rules no longer name shows as itself).
 */
export function topicName(rules: Pick<CreditRuleSet, 'topics'>, topic: CreditTopic, locale: Locale): string {
  const named = rules.topics.find((t) => t.key === topic);
  return named ? pickText(named.name, locale) : topic;
}

/** A group of categories counted together: e.g. quality, ethics and law, at least 12, counted up to 24. */
export interface CategoryGroupRule {
  key: string;
  name: I18nText;
  categories: string[];
  /** Points of these categories the period needs at least (0: none). */
  min: number;
  /** Points of these categories counted at most; null: all count. */
  cap: number | null;
  /** Topics the group's points must include, each at least `min` points. */
  mustInclude: { topic: CreditTopic; min: number }[];
}

/** A certification's rules as a society edits them (points, not tenths). */
export interface CreditRuleSet {
  /** Length of a certificate's period (72 months: six years). */
  periodMonths: number;
  /** Points the period needs in all. */
  totalPoints: number;
  /** The renewal window opens this many months before the certificate ends. */
  renewalWindowMonths: number;
  /** At least this many points of a class (e.g. 150 of class A). */
  classMinimums: { creditClass: CreditClass; min: number }[];
  /** The categories a course session or a claim is filed under. */
  categories: { key: string; name: I18nText }[];
  /** The topics credits may cover (keys and names), which groups may have to include. */
  topics: { key: CreditTopic; name: I18nText }[];
  groups: CategoryGroupRule[];
  /** At most this many points counted from a method (e.g. 60 from online courses). */
  methodCaps: { method: CreditMethod; cap: number }[];
  /** NT$ a member pays to have a claim reviewed (0: free). */
  claimFee: number;
  /** Partial attendance of an accredited course: what share of a session's time earns its points. */
  attendance: AttendanceRule;
  /** How organisations' courses are accredited for this certification (deadlines, fees, points). */
  accreditation: AccreditationRules;
}

export const ENTRY_STATUSES = ['posted', 'refused', 'replaced'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/** One line of a member's ledger as the rules read it. */
export interface LedgerEntry {
  id: number;
  /** Tenths of a point. */
  points: number;
  creditClass: CreditClass;
  category: string;
  method: CreditMethod;
  topics: CreditTopic[];
  earnedOn: CalendarDate;
  status: EntryStatus;
}

/** Why (part of) an entry does not count toward a certificate. */
export type NotCountedReason = 'outsidePeriod' | 'methodCap' | 'groupCap' | 'refused' | 'replaced';

export interface EntryCount {
  id: number;
  /** Tenths counted toward the certificate. */
  counted: number;
  /** Why the rest (or all) does not count; null when all of it counts. */
  reason: NotCountedReason | null;
}

export type Shortfall =
  | { kind: 'total'; missing: number }
  | { kind: 'class'; creditClass: CreditClass; missing: number }
  | { kind: 'group'; group: string; missing: number }
  | { kind: 'topic'; group: string; topic: CreditTopic; missing: number };

export type WindowState = 'notYet' | 'open' | 'ended';

/** Where a member stands against one certificate, in tenths. */
export interface Standing {
  total: { have: number; need: number };
  classes: { creditClass: CreditClass; have: number; need: number }[];
  groups: {
    key: string;
    have: number;
    min: number;
    cap: number | null;
    /** Tenths earned in the group that its cap leaves out. */
    over: number;
    topics: { topic: CreditTopic; have: number; need: number }[];
  }[];
  methods: { method: CreditMethod; have: number; cap: number; over: number }[];
  shortfalls: Shortfall[];
  met: boolean;
  window: { opensOn: CalendarDate; endsOn: CalendarDate; state: WindowState; daysLeft: number };
  entries: EntryCount[];
}

/** Points (as a society writes them, to one decimal) in tenths. */
export function toTenths(points: number): number {
  return Math.round(points * 10);
}

/** Tenths as points to show (`12`, `1.5`). */
export function pointsOf(tenths: number): number {
  return tenths / 10;
}

/** The last day of a certificate that starts on `startsOn`. */
export function certificateEnd(rules: Pick<CreditRuleSet, 'periodMonths'>, startsOn: CalendarDate): CalendarDate {
  return periodEnd(startsOn, rules.periodMonths);
}

/** The renewal window of a certificate ending on `endsOn`: it opens `renewalWindowMonths` before the day after. */
export function renewalWindow(
  rules: Pick<CreditRuleSet, 'renewalWindowMonths'>,
  endsOn: CalendarDate,
  today: CalendarDate,
): Standing['window'] {
  const opensOn = addMonths(addDays(endsOn, 1), -rules.renewalWindowMonths);
  const state: WindowState = today < opensOn ? 'notYet' : today <= endsOn ? 'open' : 'ended';
  return { opensOn, endsOn, state, daysLeft: daysBetween(today, endsOn) };
}

/** The group a category is counted in (the first that lists it), if any. */
function groupOf(rules: CreditRuleSet, category: string): CategoryGroupRule | undefined {
  return rules.groups.find((g) => g.categories.includes(category));
}

/**
 * Where a member stands against a certificate running from `startsOn` to `endsOn`: each entry's
 * counted points, in the order earned (earlier points fill a cap first), and what is still
 * missing. Only posted entries inside the period count.
 */
export function evaluateStanding(
  rules: CreditRuleSet,
  certificate: { startsOn: CalendarDate; endsOn: CalendarDate },
  ledger: readonly LedgerEntry[],
  today: CalendarDate,
): Standing {
  const methodLeft = new Map(rules.methodCaps.map((c) => [c.method, toTenths(c.cap)]));
  const groupLeft = new Map(rules.groups.filter((g) => g.cap !== null).map((g) => [g.key, toTenths(g.cap!)]));
  const methodOver = new Map<CreditMethod, number>();
  const groupOver = new Map<string, number>();
  const groupHave = new Map<string, number>();
  const topicHave = new Map<string, number>();
  const classHave = new Map<CreditClass, number>();
  const methodHave = new Map<CreditMethod, number>();
  let total = 0;

  const ordered = [...ledger].sort((a, b) =>
    a.earnedOn === b.earnedOn ? a.id - b.id : a.earnedOn < b.earnedOn ? -1 : 1,
  );
  const counts = new Map<number, EntryCount>();
  for (const entry of ordered) {
    if (entry.status !== 'posted') {
      counts.set(entry.id, { id: entry.id, counted: 0, reason: entry.status });
      continue;
    }
    if (entry.earnedOn < certificate.startsOn || entry.earnedOn > certificate.endsOn) {
      counts.set(entry.id, { id: entry.id, counted: 0, reason: 'outsidePeriod' });
      continue;
    }
    let counted = entry.points;
    let reason: NotCountedReason | null = null;
    const methodRoom = methodLeft.get(entry.method);
    if (methodRoom !== undefined && methodRoom < counted) {
      counted = methodRoom;
      reason = 'methodCap';
    }
    const group = groupOf(rules, entry.category);
    const groupRoom = group ? groupLeft.get(group.key) : undefined;
    if (groupRoom !== undefined && groupRoom < counted) {
      counted = groupRoom;
      reason = 'groupCap';
    }
    const left = entry.points - counted;
    if (methodRoom !== undefined) methodLeft.set(entry.method, methodRoom - counted);
    if (group && groupRoom !== undefined) groupLeft.set(group.key, groupRoom - counted);
    if (left > 0 && reason === 'methodCap') methodOver.set(entry.method, (methodOver.get(entry.method) ?? 0) + left);
    if (left > 0 && reason === 'groupCap' && group) groupOver.set(group.key, (groupOver.get(group.key) ?? 0) + left);

    total += counted;
    classHave.set(entry.creditClass, (classHave.get(entry.creditClass) ?? 0) + counted);
    methodHave.set(entry.method, (methodHave.get(entry.method) ?? 0) + counted);
    if (group) {
      groupHave.set(group.key, (groupHave.get(group.key) ?? 0) + counted);
      for (const topic of entry.topics) {
        const key = `${group.key}/${topic}`;
        topicHave.set(key, (topicHave.get(key) ?? 0) + counted);
      }
    }
    counts.set(entry.id, { id: entry.id, counted, reason });
  }

  const shortfalls: Shortfall[] = [];
  const need = toTenths(rules.totalPoints);
  if (total < need) shortfalls.push({ kind: 'total', missing: need - total });
  const classes = rules.classMinimums.map(({ creditClass, min }) => {
    const have = classHave.get(creditClass) ?? 0;
    const needed = toTenths(min);
    if (have < needed) shortfalls.push({ kind: 'class', creditClass, missing: needed - have });
    return { creditClass, have, need: needed };
  });
  const groups = rules.groups.map((g) => {
    const have = groupHave.get(g.key) ?? 0;
    const min = toTenths(g.min);
    if (have < min) shortfalls.push({ kind: 'group', group: g.key, missing: min - have });
    const topics = g.mustInclude.map(({ topic, min: topicMin }) => {
      const topicHas = topicHave.get(`${g.key}/${topic}`) ?? 0;
      const topicNeed = toTenths(topicMin);
      if (topicHas < topicNeed) shortfalls.push({ kind: 'topic', group: g.key, topic, missing: topicNeed - topicHas });
      return { topic, have: topicHas, need: topicNeed };
    });
    return {
      key: g.key,
      have,
      min,
      cap: g.cap === null ? null : toTenths(g.cap),
      over: groupOver.get(g.key) ?? 0,
      topics,
    };
  });
  const methods = rules.methodCaps.map(({ method, cap }) => ({
    method,
    have: methodHave.get(method) ?? 0,
    cap: toTenths(cap),
    over: methodOver.get(method) ?? 0,
  }));

  return {
    total: { have: total, need },
    classes,
    groups,
    methods,
    shortfalls,
    met: shortfalls.length === 0,
    window: renewalWindow(rules, certificate.endsOn, today),
    entries: ledger.map((e) => counts.get(e.id)!),
  };
}

/** The standing before and after `activities` join the ledger (as posted entries, ids below the ledger's). */
function withActivities(
  rules: CreditRuleSet,
  certificate: { startsOn: CalendarDate; endsOn: CalendarDate },
  ledger: readonly LedgerEntry[],
  activities: readonly Omit<LedgerEntry, 'id' | 'status'>[],
  today: CalendarDate,
) {
  const first = Math.min(0, ...ledger.map((e) => e.id)) - 1;
  const added = activities.map((a, i) => ({ ...a, id: first - i, status: 'posted' as const }));
  const before = evaluateStanding(rules, certificate, ledger, today);
  const after = evaluateStanding(rules, certificate, [...ledger, ...added], today);
  return { before, after, ids: added.map((a) => a.id) };
}

/**
 * What a claimed (or planned) activity would add to a certificate: the entry's own counted points
 * and the gain in counted points overall, once the rules' caps are applied with it in its place
 * by date (an earlier activity may take cap room a later entry had). Tenths.
 */
export function wouldAdd(
  rules: CreditRuleSet,
  certificate: { startsOn: CalendarDate; endsOn: CalendarDate },
  ledger: readonly LedgerEntry[],
  activity: Omit<LedgerEntry, 'id' | 'status'>,
  today: CalendarDate,
): { counted: number; reason: NotCountedReason | null; gain: number } {
  const { before, after, ids } = withActivities(rules, certificate, ledger, [activity], today);
  const own = after.entries.find((e) => e.id === ids[0])!;
  return { counted: own.counted, reason: own.reason, gain: after.total.have - before.total.have };
}

/**
 * What several activities together (a course's sessions) would add to a certificate: the gain in
 * counted points and the shortfalls they would close (by kind and key), in tenths.
 */
export function wouldAddAll(
  rules: CreditRuleSet,
  certificate: { startsOn: CalendarDate; endsOn: CalendarDate },
  ledger: readonly LedgerEntry[],
  activities: readonly Omit<LedgerEntry, 'id' | 'status'>[],
  today: CalendarDate,
): { gain: number; missingBefore: number; missingAfter: number; closes: Shortfall[] } {
  const { before, after } = withActivities(rules, certificate, ledger, activities, today);
  const keyOf = (s: Shortfall) =>
    `${s.kind}:${'creditClass' in s ? s.creditClass : ''}:${'group' in s ? s.group : ''}:${'topic' in s ? s.topic : ''}`;
  const still = new Set(after.shortfalls.map(keyOf));
  const missing = (st: Standing) => Math.max(0, st.total.need - st.total.have);
  return {
    gain: after.total.have - before.total.have,
    missingBefore: missing(before),
    missingAfter: missing(after),
    closes: before.shortfalls.filter((s) => !still.has(keyOf(s))),
  };
}
