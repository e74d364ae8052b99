import { z } from 'zod';
import { PAYMENT_METHODS } from '../payments/methods';
import { APPLICATION_STATES } from '../applications/state-machine';
import { MEMBERSHIP_STATUSES } from '../membership/terms';
import { captchaFields } from './account';
import { idParam } from './common';

const id = z.number().int().positive().max(2_147_483_647);

/** A member class as applicants read it. */
export const memberClassView = z.object({
  memberClassId: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  eligibility: z.string(),
  terms: z.string().describe('Paragraphs separated by blank lines'),
  documents: z.array(z.object({ key: z.string(), name: z.string(), required: z.boolean() })),
  entranceFee: z.number().int().describe('NT$'),
  duesPerTerm: z.number().int().describe('NT$; 0 for life membership'),
  termKind: z.enum(['calendarYear', 'months']),
  termMonths: z.number().int().nullable(),
  life: z.boolean(),
  reviewed: z.boolean().describe('Joining is reviewed; payment follows approval'),
  open: z.boolean().describe('Takes applications now'),
});
export type MemberClassView = z.infer<typeof memberClassView>;

export const memberClassListResponse = z.object({ classList: z.array(memberClassView) });

export const joinBody = z.object({
  memberClassId: id,
  documents: z
    .array(z.object({ key: z.string().min(1).max(40), fileId: id }))
    .max(20)
    .describe('The class’s documents, each uploaded first with POST /api/amsw1001/upload'),
  agreeTerms: z.literal(true).describe('The applicant accepted the class’s terms'),
});

export const applicationQuery = z.object({ applicationId: idParam });
export const applicationBody = z.object({ applicationId: id });

export const applicationSummary = z.object({
  applicationId: z.number().int(),
  number: z.string(),
  type: z.enum(['join', 'upgrade', 'extension', 'quit', 'replace', 'restart', 'stop', 'creditClaim', 'course']),
  title: z.string().describe('The type and class in the reader’s language'),
  state: z.enum(APPLICATION_STATES),
  amount: z.number().int().describe('NT$ to pay; 0 when nothing is owed'),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
  dueAt: z.string().nullable().describe('Deadline of the current step (payment, changes asked for)'),
  reviewComment: z.string().nullable(),
});

export const applicationListResponse = z.object({ applicationList: z.array(applicationSummary) });

export const applicationDetailResponse = applicationSummary.extend({
  memberClassId: z.number().int().nullable(),
  form: z.record(z.string(), z.unknown()).describe('What the type asks besides the documents (a quit’s reason…)'),
  documents: z.array(
    z.object({
      key: z.string(),
      label: z.string().describe('What the class asks for under this key, in the reader’s language'),
      fileId: z.number().int(),
      name: z.string().describe('The uploaded file’s name'),
    }),
  ),
  history: z.array(
    z.object({
      event: z.string(),
      fromState: z.enum(APPLICATION_STATES).nullable(),
      toState: z.enum(APPLICATION_STATES),
      by: z.enum(['applicant', 'reviewer', 'system', 'finance']),
      comment: z.string().nullable(),
      at: z.string(),
    }),
  ),
  order: z
    .object({
      orderId: z.number().int(),
      number: z.string(),
      amount: z.number().int(),
      status: z.string(),
      paymentMethods: z
        .array(z.enum(PAYMENT_METHODS))
        .optional()
        .describe(
          'A pending order: the ways the portal takes to pay it (transfer always; the gateway’s where it has one)',
        ),
    })
    .nullable(),
});

export const membershipStatusEnum = z.enum(MEMBERSHIP_STATUSES);

export const editFormBody = z.object({
  applicationId: id,
  documents: z
    .array(z.object({ key: z.string().min(1).max(40), fileId: id }))
    .max(20)
    .default([])
    .describe('Joining and changing class: the class’s documents as now uploaded'),
  lastDay: z.iso.date().optional().describe('Leaving: the last day of membership'),
  from: z.iso.date().optional().describe('Pausing: the first day of the pause'),
  until: z.iso.date().optional().describe('Pausing: the last day of the pause'),
  reason: z.string().trim().max(500).optional().describe('Leaving, pausing, resuming: why (for the reviewer)'),
});

export const applicationSearchBody = z.object({
  number: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^A\d{4}-\d{6,}$/, 'applicationNumber')
    .describe('The application number from the acknowledgement mail (A2026-000123)'),
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  ...captchaFields,
});

export const applicationSearchResponse = z.object({
  number: z.string(),
  title: z.string(),
  state: z.enum(APPLICATION_STATES),
  updatedAt: z.string(),
});

/** What renewing would do for the signed-in member today (GET /api/amsw0402/extension). */
export const renewalOfferResponse = z.object({
  memberNo: z.string(),
  className: z.string(),
  status: z.enum(MEMBERSHIP_STATUSES),
  termEnd: z.string().nullable().describe('The current term’s last day (YYYY-MM-DD); null for life membership'),
  next: z
    .object({ start: z.string(), end: z.string() })
    .nullable()
    .describe('The term a renewal pays for, following the current one with no gap'),
  period: z
    .object({ opens: z.string(), closes: z.string() })
    .nullable()
    .describe('The days it may be paid: from the renewal window to the end of grace'),
  amount: z.number().int().describe('NT$: the class’s dues for a term'),
  paymentMethods: z
    .array(z.enum(PAYMENT_METHODS))
    .describe('The ways the portal takes to pay the dues (transfer always; the gateway’s where it has one)'),
  refusal: z
    .enum(['notMember', 'life', 'notYet', 'tooLate', 'leaving', 'paused', 'applicationOpen'])
    .nullable()
    .describe('Why renewing is not possible today; null when it is'),
});

/** What moving to another class would mean for the signed-in member today (GET /api/amsw0402/upgrade). */
export const upgradeOfferResponse = z.object({
  memberNo: z.string(),
  className: z.string().describe('The member’s class now'),
  status: z.enum(MEMBERSHIP_STATUSES),
  termEnd: z.string().nullable().describe('The current term’s last day (YYYY-MM-DD); null for life membership'),
  options: z
    .array(
      z.object({
        cls: memberClassView,
        fee: z
          .number()
          .int()
          .describe('NT$: the difference in dues for the current term (into life: the life fee less them)'),
      }),
    )
    .describe('The classes the member’s class may move to'),
  refusal: z
    .enum(['notActive', 'leaving', 'noTarget', 'applicationOpen'])
    .nullable()
    .describe('Why moving is not possible today; null when it is'),
});

const dayChoice = z
  .object({ earliest: z.string(), latest: z.string(), suggested: z.string() })
  .nullable()
  .describe('The days (YYYY-MM-DD) that may be chosen, and the one offered first');

/** What leaving, pausing, resuming or a new certificate would mean for the member today (GET /api/amsw0402/{flow}). */
export const statusFlowOfferResponse = z.object({
  flow: z.enum(['quit', 'stop', 'restart', 'replace']),
  memberNo: z.string(),
  className: z.string(),
  status: z.enum(MEMBERSHIP_STATUSES),
  termEnd: z.string().nullable(),
  refusal: z
    .enum(['ended', 'leaving', 'paused', 'lapsed', 'inGrace', 'notPaused', 'life', 'applicationOpen'])
    .nullable()
    .describe('Why the member cannot apply today; null when they can'),
  reviewed: z.boolean().describe('A member-status reviewer decides it'),
  amount: z
    .number()
    .int()
    .describe('NT$ it costs (a new term’s dues on resuming after the paid term; a new certificate’s fee)'),
  lastDay: dayChoice.describe('Leaving: the last day of membership'),
  pauseFrom: dayChoice.describe('Pausing: its first day'),
  pauseUntil: dayChoice.describe('Pausing: its last day, for the suggested first day'),
});

const reason = z.string().trim().max(500).default('').describe('Why (optional, for the reviewer)');

export const quitBody = z.object({ lastDay: z.iso.date().describe('The last day of membership'), reason });
export const stopBody = z.object({
  from: z.iso.date().describe('The first day of the pause'),
  until: z.iso.date().describe('The last day of the pause'),
  reason,
});
export const restartBody = z.object({ reason });
export const replaceBody = z.object({ reason: z.enum(['lost', 'damaged', 'nameChanged']) });
