import { z } from 'zod';
import { COMPLIANCE_HORIZONS, REPORT_WINDOWS } from '../reports/months';
import { MEMBERSHIP_STATUSES } from '../membership/terms';

/** A whole number of months among `choices`, as a query string sends it; absent: the first. */
const monthsChoice = <T extends readonly [number, ...number[]]>(choices: T) =>
  z
    .enum(choices.map(String) as [string, ...string[]])
    .transform((n) => Number(n) as T[number])
    .default(choices[0] as never);

/** The window of a report over time: the last 12 (default), 24 or 6 months, in Taipei. */
export const reportWindowQuery = z.object({
  months: monthsChoice(REPORT_WINDOWS).describe('Months back, the current one included: 12 (default), 24 or 6'),
});
export type ReportWindowQuery = z.output<typeof reportWindowQuery>;

/** How far ahead the compliance report looks for certificates ending: 6 months (default), 12 or 3. */
export const complianceQuery = z.object({
  horizon: monthsChoice(COMPLIANCE_HORIZONS).describe('Months ahead: 12 (default), 6 or 3'),
});
export type ComplianceQuery = z.output<typeof complianceQuery>;

export const complianceExportQuery = complianceQuery.extend({
  format: z.enum(['csv', 'xlsx']).default('csv').describe('csv (UTF-8 with a byte-order mark) or xlsx'),
});

/** Reminders to members short of their rules: the listed ones within the horizon, or those chosen of them. */
export const creditRemindersBody = z.object({
  horizon: z
    .number()
    .int()
    .refine((n) => (COMPLIANCE_HORIZONS as readonly number[]).includes(n), 'horizon')
    .describe('Months ahead, as the list was asked for: 6, 12 or 3'),
  accountIds: z
    .array(z.number().int().positive().max(2_147_483_647))
    .min(1)
    .max(1000)
    .optional()
    .describe('Only these of the listed members (absent: every listed member)'),
});

const count = z.number().int();

export const membersReportView = z.object({
  months: z.array(z.string()).describe('`YYYY-MM`, oldest first; every series has one value per month'),
  members: z
    .array(count)
    .describe(
      'Members at each month’s end: active, in grace and paused (the sum of those statuses and of the classes)',
    ),
  statuses: z.array(z.object({ status: z.enum(MEMBERSHIP_STATUSES), counts: z.array(count) })),
  classes: z.array(z.object({ classId: z.number().int(), code: z.string(), name: z.string(), counts: z.array(count) })),
  joined: z.array(count),
  left: z.array(count),
  lapsed: z.array(count),
});

export const financeReportView = z.object({
  months: z.array(z.string()),
  billed: z.array(count).describe('Membership fees on orders made in the month (NT$), cancelled orders left out'),
  collected: z.array(count).describe('Membership fees on orders paid in the month (NT$)'),
  refunded: z
    .array(count)
    .describe('Refunds recorded on membership-fee orders, by the month the money went back (NT$)'),
  outstanding: z.object({ orders: count, amount: count }).describe('Membership fees on orders waiting for payment now'),
  remittances: z.object({
    waiting: z.object({ count, amount: count, oldest: z.string().nullable() }),
    ages: z.array(z.object({ age: z.enum(['under3', 'under7', 'over7']), count })),
    reported: z.array(count).describe('Transfers reported in each month'),
    confirmed: z.array(count),
    rejected: z.array(count),
  }),
});

export const shortfallView = z.object({
  kind: z.enum(['total', 'class', 'group', 'topic']),
  missing: z.number(),
  text: z.string().describe('What is missing, in the reader’s language'),
});

export const complianceRowView = z.object({
  accountId: z.number().int(),
  email: z.string(),
  name: z.string(),
  memberNo: z.string().nullable(),
  certification: z.string(),
  certificationId: z.number().int(),
  certificateNumber: z.string(),
  endsOn: z.string(),
  missing: z.number().describe('Points still needed in all (the largest shortfall)'),
  shortfalls: z.array(shortfallView),
  remindedAt: z.string().nullable().describe('When the last reminder went to this member'),
  mayRemind: z.boolean(),
});

export const creditsReportView = z.object({
  horizon: z.number().int(),
  reminderDays: z.number().int(),
  ahead: z.object({
    months: z.array(z.string()),
    short: z.array(count).describe('Certificates ending in the month whose holder is short of the rules'),
    met: z.array(count),
  }),
  rows: z.array(complianceRowView),
});

export const coursesReportView = z.object({
  months: z.array(z.string()),
  submitted: z.array(count).describe('Course applications sent in the month'),
  approved: z.array(count).describe('Courses approved in the month'),
  accredited: z.array(count).describe('Of those, accredited (review fee paid)'),
  points: z.array(z.number()).describe('Points of the approved courses’ sessions'),
});

export const remindersResultView = z.object({
  sent: z.array(z.number().int()).describe('Accounts mailed'),
  skipped: z
    .array(z.object({ accountId: z.number().int(), reason: z.enum(['recentlyReminded', 'notListed']) }))
    .describe('Accounts not mailed, and why'),
});
