import type { MembershipDates, MembershipRules } from './terms';

/** The membership rules the tests run under: 90 days of grace, renewal 60 days ahead, late joining from October. */
export const rules: MembershipRules = { graceDays: 90, renewalWindowDays: 60, lateJoinFrom: '10-01' };

/** A member's dates for a test: a term ending on `termEnd` (null: life), neither paused nor quitting unless `extra` says. */
export const member = (termEnd: string | null, extra: Partial<MembershipDates> = {}): MembershipDates => ({
  life: termEnd === null,
  termEnd,
  pausedFrom: null,
  pausedUntil: null,
  lastDay: null,
  ...extra,
});
