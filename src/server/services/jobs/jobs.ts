import type { Config } from '../../config';
import { taipeiDate } from '../../../lib/calendar-date';
import { expireOverdueApplications } from '../membership/expiry';
import { sendRenewalReminders } from '../membership/renewal-reminders';
import { recordStatusChanges } from '../membership/status-changes';
import { sendReviewReminders } from '../papers/review-reminders';
import { reconcilePayments } from '../payments/reconcile';
import { postEventCredits } from '../registrations/attendance-credits';
import { expireUnpaidRegistrations } from '../registrations/expiry';
import { runAuditChainCheck } from '../staff/audit-chain-check';
import { sendOverdueReviewReminders } from '../staff/queue-assign';
import type { Job } from './scheduler';

/**
 * How often the jobs over daily facts run (a date was reached: a status, a reminder). Hourly, so a change of the Taipei date is acted on within the hour, while the
 * statements that read every membership run 24 times a day, not every tick.
 */
export const DAILY_FACTS_SECONDS = 3600;

/** The audit log's chain is walked whole once a day (docs/decisions/033). */
export const AUDIT_CHAIN_SECONDS = 24 * 3600;

/** The portal's background jobs, each looked at every tick and run when due; each may run again harmlessly. */
export function portalJobs(config: Config): readonly Job[] {
  return [
    { name: 'reconcilePayments', everySeconds: config.JOB_TICK_SECONDS, run: () => reconcilePayments() },
    // Deadlines are moments (a due time), found through the index on (state, due_at): every tick.
    { name: 'expireApplications', everySeconds: config.JOB_TICK_SECONDS, run: () => expireOverdueApplications() },
    // Unpaid event registrations past their time to pay: each seat passes down the waiting list.
    { name: 'expireRegistrations', everySeconds: config.JOB_TICK_SECONDS, run: () => expireUnpaidRegistrations() },
    // Event sessions whose Taipei day has ended post their attendance to the ledger (once each).
    { name: 'eventCredits', everySeconds: DAILY_FACTS_SECONDS, run: () => postEventCredits() },
    { name: 'membershipStatus', everySeconds: DAILY_FACTS_SECONDS, run: () => recordStatusChanges() },
    {
      name: 'renewalReminders',
      everySeconds: DAILY_FACTS_SECONDS,
      run: (signal) => sendRenewalReminders(taipeiDate(), signal),
    },
    // Due times are moments, and few assignments are open: hourly is within an hour of each.
    { name: 'paperReviewReminders', everySeconds: DAILY_FACTS_SECONDS, run: () => sendReviewReminders() },
    // The other queues' overdue reviewers, each at most once a day (as the console's button).
    { name: 'overdueReviewReminders', everySeconds: DAILY_FACTS_SECONDS, run: () => sendOverdueReviewReminders() },
    // The audit log's chain verified; the admins mailed once per break.
    { name: 'auditChain', everySeconds: AUDIT_CHAIN_SECONDS, run: () => runAuditChainCheck() },
  ];
}
