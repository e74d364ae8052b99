import { daysBetween, taipeiDate } from '../calendar-date';

/**
 * The refund of a paid registration cancelled (decision record 041, "Cancellation"): the event's
 * refund rule applied on the Taipei day it is cancelled. Shared by the server (the amount recorded
 * as due) and the pages (the amount stated before confirming).
 */

/** An event's refund rule as its setup stores it: a percent of the price from `daysBefore` days before the event's first day. */
export interface RefundSteps {
  steps: readonly { daysBefore: number; percent: number }[];
}

/**
 * The percent of the price refunded when cancelled on Taipei day `day` for an event whose first
 * Taipei day is `firstDay`: the step with the largest `daysBefore` that the days between still
 * meet; none met, nothing. A rule without steps refunds the whole price while cancelling is open
 * (`beforeDeadline`), nothing after.
 */
export function refundPercent(rule: RefundSteps, day: string, firstDay: string, beforeDeadline: boolean): number {
  if (rule.steps.length === 0) return beforeDeadline ? 100 : 0;
  const days = daysBetween(day, firstDay);
  let best: { daysBefore: number; percent: number } | null = null;
  for (const step of rule.steps)
    if (days >= step.daysBefore && (best === null || step.daysBefore > best.daysBefore)) best = step;
  return best?.percent ?? 0;
}

/**
 * The NT$ refunded of `paid` for a registration cancelled at `at`, for an event starting at
 * `startsAt` whose cancellation closes at `until` (its deadline, else its start): whole NT$,
 * rounded down.
 */
export function refundOf(paid: number, rule: RefundSteps, at: Date, startsAt: Date, until: Date): number {
  const percent = refundPercent(rule, taipeiDate(at), taipeiDate(startsAt), at < until);
  return Math.floor((paid * Math.min(100, Math.max(0, percent))) / 100);
}
