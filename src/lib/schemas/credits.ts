import { z } from 'zod';
import { CREDIT_CLASSES, CREDIT_METHODS, DEFAULT_CREDIT_TOPICS, type CreditRuleSet } from '../credits/rules';
import { APPLICATION_STATES } from '../applications/state-machine';
import { ROSTER_PROBLEM_REASONS } from '../credits/accreditation';
import { idParam, said } from './common';
import { documentQuery } from './documents';

/** A name a reader sees, in both languages. */
const text = z.object({ 'zh-tw': z.string().trim().min(1), 'en-us': z.string().trim().min(1) });

/** Points as a society writes them: not negative, to one decimal. */
const points = z
  .number()
  .min(0)
  .max(100_000)
  .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, said('最多一位小數', 'at most one decimal'));

/** NT$, whole dollars. */
const fee = z.number().int().min(0).max(1_000_000);

const key = z
  .string()
  .refine(
    (value) => /^[a-zA-Z][\w-]{0,39}$/.test(value),
    said('須為英文字母開頭、40 字以內的英數字、- 或 _', 'a short key of letters, digits, - and _'),
  );

/**
 * A certification's rules as stored (`certification_kinds.rules`): checked whenever they are read
 * or written, so a mistyped rule set stops with a clear message instead of counting wrongly.
 */
export const creditRuleSetSchema = z
  .object({
    periodMonths: z.number().int().min(1).max(240),
    totalPoints: points,
    renewalWindowMonths: z.number().int().min(0).max(60),
    classMinimums: z.array(z.object({ creditClass: z.enum(CREDIT_CLASSES), min: points })),
    categories: z.array(z.object({ key, name: text })).min(1),
    /** The topics credits may cover; a rule set that names none has the licence rules' two. */
    topics: z
      .array(z.object({ key, name: text }))
      .max(50)
      .default(() => DEFAULT_CREDIT_TOPICS.map((t) => ({ ...t, name: { ...t.name } }))),
    groups: z.array(
      z.object({
        key,
        name: text,
        categories: z.array(key).min(1),
        min: points,
        cap: points.nullable(),
        mustInclude: z.array(z.object({ topic: key, min: points })),
      }),
    ),
    methodCaps: z.array(z.object({ method: z.enum(CREDIT_METHODS), cap: points })),
    claimFee: fee,
    attendance: z.object({ fullShare: z.number().min(0).max(1), proRateShare: z.number().min(0).max(1) }),
    accreditation: z.object({
      reviewFee: fee,
      leadDays: z.number().int().min(0).max(365),
      urgentDays: z.number().int().min(0).max(365),
      urgentFee: fee,
      rosterDays: z.number().int().min(1).max(365),
      maxPointsPerHour: z.number().positive().max(10),
    }),
  })
  .superRefine((rules, ctx) => {
    const categories = new Set(rules.categories.map((c) => c.key));
    const topics = new Set(rules.topics.map((t) => t.key));
    const grouped = new Set<string>();
    for (const [i, group] of rules.groups.entries()) {
      for (const [j, { topic }] of group.mustInclude.entries())
        if (!topics.has(topic))
          ctx.addIssue({
            code: 'custom',
            path: ['groups', i, 'mustInclude', j, 'topic'],
            ...said(`${topic} 不是已定義的主題（topics）`, `${topic} is not one of the topics`),
          });
      if (group.cap !== null && group.cap < group.min)
        ctx.addIssue({ code: 'custom', path: ['groups', i, 'cap'], ...said('低於下限', 'is below the minimum') });
      for (const category of group.categories) {
        if (!categories.has(category))
          ctx.addIssue({
            code: 'custom',
            path: ['groups', i, 'categories'],
            ...said(`${category} 不是已定義的類別`, `${category} is not a category`),
          });
        if (grouped.has(category))
          ctx.addIssue({
            code: 'custom',
            path: ['groups', i, 'categories'],
            ...said(`${category} 同時屬於兩個群組`, `${category} is in two groups`),
          });
        grouped.add(category);
      }
    }
    if (rules.accreditation.urgentDays > rules.accreditation.leadDays)
      ctx.addIssue({
        code: 'custom',
        path: ['accreditation', 'urgentDays'],
        ...said('不得多於應提前申請的天數', 'is above the lead days'),
      });
    if (rules.attendance.proRateShare > rules.attendance.fullShare)
      ctx.addIssue({
        code: 'custom',
        path: ['attendance', 'proRateShare'],
        ...said('不得高於全額採計的比例', 'is above the full share'),
      });
  }) satisfies z.ZodType<CreditRuleSet>;

/** `GET /api/amsw0602/certification`: a kind and, optionally, the ledger's filters. */
export const certificationQuery = z.object({
  certificationId: idParam,
  year: z
    .string()
    .regex(/^\d{4}$/, 'a year of four digits')
    .transform(Number)
    .optional(),
  category: key.optional(),
  method: z.enum(CREDIT_METHODS).optional(),
  class: z.enum(CREDIT_CLASSES).optional(),
  counted: z.enum(['yes', 'no']).optional(),
});

const reason = z.enum(['outsidePeriod', 'methodCap', 'groupCap', 'refused', 'replaced']);

export const certificationResponse = z.object({
  kind: z.object({ id: z.number().int(), code: z.string(), name: z.string(), issuer: z.string() }),
  certificate: z
    .object({ number: z.string(), startsOn: z.string(), endsOn: z.string() })
    .nullable()
    .describe('The latest certificate of the kind on record; null: none'),
  standing: z
    .object({
      met: z.boolean(),
      total: z.object({ have: z.number(), need: z.number() }),
      classes: z.array(z.object({ creditClass: z.enum(CREDIT_CLASSES), have: z.number(), need: z.number() })),
      groups: z.array(
        z.object({
          key: z.string(),
          name: z.string(),
          categoryNames: z.array(z.string()),
          have: z.number(),
          min: z.number(),
          cap: z.number().nullable(),
          over: z.number().describe('Points of the group its cap leaves out'),
          topics: z.array(
            z.object({
              topic: z.string(),
              name: z.string().describe('The topic’s name in the certification’s rules'),
              have: z.number(),
              need: z.number(),
            }),
          ),
        }),
      ),
      methods: z.array(
        z.object({ method: z.enum(CREDIT_METHODS), have: z.number(), cap: z.number(), over: z.number() }),
      ),
      shortfalls: z.array(
        z.object({
          kind: z.enum(['total', 'class', 'group', 'topic']),
          missing: z.number(),
          creditClass: z.enum(CREDIT_CLASSES).optional(),
          group: z.string().optional(),
          groupName: z.string().optional(),
          topic: z.string().optional(),
          topicName: z.string().optional().describe('The topic’s name in the certification’s rules'),
        }),
      ),
      window: z.object({
        opensOn: z.string(),
        endsOn: z.string(),
        state: z.enum(['notYet', 'open', 'ended']),
        daysLeft: z.number().int(),
      }),
    })
    .nullable()
    .describe('Where the member stands against the certificate, in points; null without a certificate'),
  ledger: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      provider: z.string(),
      points: z.number(),
      counted: z.number().nullable(),
      reason: reason.nullable(),
      creditClass: z.enum(CREDIT_CLASSES),
      category: z.string(),
      categoryName: z.string(),
      method: z.enum(CREDIT_METHODS),
      topics: z.array(z.string()),
      topicNames: z.array(z.string()).describe('The topics’ names in the certification’s rules'),
      earnedOn: z.string(),
      source: z.enum(['course', 'claim', 'society', 'event']),
      note: z.string(),
    }),
  ),
  ledgerSize: z.number().int(),
  options: z.object({
    years: z.array(z.number().int()),
    categories: z.array(z.object({ key: z.string(), name: z.string() })),
    methods: z.array(z.enum(CREDIT_METHODS)),
    classes: z.array(z.enum(CREDIT_CLASSES)),
  }),
});

export const certificationListResponse = z.object({
  certificationList: z.array(
    z.object({
      certificationId: z.number().int(),
      name: z.string(),
      issuer: z.string(),
    }),
  ),
});

/** `GET /api/amsw0602/transcript`: the certification and, for plain links, the language. */
export const transcriptQuery = documentQuery.extend({ certificationId: idParam });

/** Evidence sent with a claim: up to three files, each uploaded first for an application. */
export const CLAIM_EVIDENCE_KEYS = ['evidence1', 'evidence2', 'evidence3'] as const;

const claimFields = {
  method: z.enum(CREDIT_METHODS).describe('How the points were earned: caps apply per method'),
  category: key.describe('One of the certification’s categories'),
  creditClass: z.enum(CREDIT_CLASSES),
  title: z.string().trim().min(1).max(200).describe('The paper, lecture or course'),
  provider: z.string().trim().min(1).max(200).describe('Where: the journal, the organiser, the venue'),
  earnedOn: z.iso.date().describe('The day the points were earned (published, held, attended)'),
  points: points.refine((n) => n > 0 && n <= 100, 'from 0.1 to 100').describe('Points asked for, to one decimal'),
  description: z.string().trim().max(2000).default(''),
  documents: z
    .array(z.object({ key: z.enum(CLAIM_EVIDENCE_KEYS), fileId: z.number().int().positive() }))
    .min(1)
    .max(3)
    .describe(
      'Evidence: evidence1 required, evidence2 and 3 optional; each uploaded first with POST /api/amsw1001/upload',
    ),
};

/** `POST /api/amsw0602/claim`: a claim for points not recorded automatically. */
export const claimBody = z.object({ certificationId: z.number().int().positive(), ...claimFields });

/** `PUT /api/amsw0602/claim`: a claim returned for changes, changed and sent again. */
export const claimChangeBody = z.object({ applicationId: z.number().int().positive(), ...claimFields });

export const claimQuery = z.object({ applicationId: idParam });

export const claimSummary = z.object({
  applicationId: z.number().int(),
  type: z.literal('creditClaim'),
  number: z.string(),
  state: z.enum(APPLICATION_STATES),
  certificationId: z.number().int(),
  certificationName: z.string(),
  method: z.enum(CREDIT_METHODS),
  category: z.string(),
  categoryName: z.string(),
  creditClass: z.enum(CREDIT_CLASSES),
  title: z.string(),
  provider: z.string(),
  earnedOn: z.string(),
  points: z.number().describe('Points asked for'),
  grantedPoints: z.number().nullable().describe('Points the reviewer granted, once approved'),
  amount: z.number().int().describe('The review fee in NT$, due once the claim is approved'),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
});

/** What the applicant reads of any application beside its own facts: its state of play. */
const applicationRecord = {
  dueAt: z.string().nullable(),
  reviewComment: z.string().nullable(),
  documents: z.array(z.object({ key: z.string(), fileId: z.number().int(), name: z.string() })),
  history: z.array(
    z.object({
      event: z.string(),
      fromState: z.string().nullable(),
      toState: z.string(),
      at: z.string(),
      comment: z.string().nullable(),
    }),
  ),
  order: z
    .object({ orderId: z.number().int(), number: z.string(), amount: z.number().int(), status: z.string() })
    .nullable(),
};

export const claimView = claimSummary.extend({ description: z.string(), ...applicationRecord });

export const claimListResponse = z.object({ claimList: z.array(claimSummary) });

/** What an organisation sends with a course: the agenda and the speakers' CVs, and anything else. */
export const COURSE_DOCUMENT_KEYS = ['agenda', 'speakersCv', 'other'] as const;

const clock = z.iso.time({ precision: -1 }).describe('Taipei time, 24-hour HH:MM');

/** One session of a course as the organisation applies for it. */
export const courseSessionInput = z.object({
  title: z.string().trim().min(1).max(200),
  speaker: z.string().trim().min(1).max(100).describe('The speaker, with their title and workplace'),
  day: z.iso.date(),
  start: clock,
  end: clock,
  category: key.describe('One of the certification’s categories'),
  creditClass: z.enum(CREDIT_CLASSES),
  topics: z
    .array(key)
    .max(20)
    .default([])
    .describe('The topics the session covers: keys of the certification’s topics (`topics` of its rules)'),
  points: points.refine((n) => n > 0, 'above zero').describe('Points asked for this session, to one decimal'),
});

const courseFields = {
  title: z.string().trim().min(1).max(200),
  place: z.string().trim().min(1).max(200).describe('Where it is held (the address, or online)'),
  audience: z.string().trim().min(1).max(200).describe('Who it is for (physicians, nurses…)'),
  open: z.boolean().describe('Open to people outside the organisation'),
  sessions: z.array(courseSessionInput).min(1).max(30),
  documents: z
    .array(z.object({ key: z.enum(COURSE_DOCUMENT_KEYS), fileId: z.number().int().positive() }))
    .min(2)
    .max(3)
    .describe('agenda and speakersCv required, other optional; each uploaded first with POST /api/amsw1001/upload'),
  declaration: z
    .literal(true)
    .describe('The organisation’s declaration (/organ/center/contiEdu/{id}/detail/authorization) is accepted'),
};

/** `POST /api/amsw0603/course`: an organisation applies to have a course accredited. */
export const courseBody = z.object({ certificationId: z.number().int().positive(), ...courseFields });

/** `PUT /api/amsw0603/course`: a course application returned for changes, changed and sent again. */
export const courseChangeBody = z.object({ applicationId: z.number().int().positive(), ...courseFields });

/** `GET /api/amsw0603`: an organisation's course applications, for one certification when given. */
export const courseListQuery = z.object({ certificationId: idParam.optional() });

/** What an uploaded roster did (`RosterReport`). */
export const rosterReport = z.object({
  roster: z.object({ fileId: z.number().int(), name: z.string() }),
  signedSheet: z.object({ fileId: z.number().int(), name: z.string() }),
  lineCount: z.number().int().describe('Lines in the file besides its header'),
  attendees: z.number().int().describe('People matched who earned points in some session'),
  sessions: z.array(
    z.object({
      position: z.number().int(),
      title: z.string(),
      full: z.number().int(),
      partial: z.number().int(),
      refused: z.number().int(),
    }),
  ),
  entries: z
    .object({ posted: z.number().int(), unchanged: z.number().int(), withdrawn: z.number().int() })
    .describe('Ledger entries posted (new or changed), left as the roster before had them, and withdrawn'),
  problems: z
    .array(z.object({ line: z.number().int(), identifier: z.string(), reason: z.enum(ROSTER_PROBLEM_REASONS) }))
    .describe(
      'Lines that gave nothing, with the reason (national IDs masked); a line that matches no account by its national ID and name says only notMatched',
    ),
});

export const courseSummary = z.object({
  applicationId: z.number().int(),
  type: z.literal('course'),
  number: z.string(),
  state: z.enum(APPLICATION_STATES),
  certificationId: z.number().int(),
  certificationName: z.string(),
  title: z.string(),
  firstDay: z.string(),
  lastDay: z.string(),
  timing: z
    .enum(['onTime', 'urgent', 'tooLate'])
    .describe('When it was sent: on time, or urgent (with the urgent fee)'),
  amount: z.number().int().describe('The review fee in NT$ (with the urgent fee), due once the course is approved'),
  pointsAsked: z.number(),
  pointsGranted: z.number().nullable(),
  courseCode: z.string().nullable().describe('Given with the approval'),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
});

export const courseListResponse = z.object({ courseList: z.array(courseSummary) });

export const courseQuery = z.object({ applicationId: idParam });

export const courseView = courseSummary.extend({
  place: z.string(),
  audience: z.string(),
  open: z.boolean(),
  daysAhead: z.number().int(),
  reviewFee: z.number().int(),
  urgentFee: z.number().int(),
  score: z.number().int().nullable(),
  sessions: z.array(
    z.object({
      title: z.string(),
      speaker: z.string(),
      day: z.string(),
      start: z.string(),
      end: z.string(),
      category: z.string(),
      categoryName: z.string(),
      creditClass: z.enum(CREDIT_CLASSES),
      topics: z.array(z.string()),
      topicNames: z.array(z.string()).describe('The topics’ names in the certification’s rules'),
      points: z.number(),
      maxPoints: z.number().nullable().describe('The most the session’s length allows'),
      grantedPoints: z.number().nullable(),
    }),
  ),
  attendance: z
    .object({
      courseStatus: z.enum(['approved', 'accredited', 'withdrawn']),
      window: z
        .object({ opensOn: z.string(), closesOn: z.string(), state: z.enum(['notYet', 'open', 'closed']) })
        .describe('The days the roster is accepted: from the course’s last day to the certification’s deadline'),
      rosters: z.array(
        z.object({
          rosterId: z.number().int(),
          status: z.enum(['current', 'replaced']),
          uploadedAt: z.string(),
          report: rosterReport,
        }),
      ),
    })
    .nullable()
    .describe('The approved course’s attendance rosters, newest first; null before approval'),
  ...applicationRecord,
});

/** `POST /api/amsw0603/roster`: an accredited course's attendance roster and the signed sheet, uploaded first. */
export const rosterBody = z.object({
  applicationId: z.number().int().positive(),
  rosterFileId: z
    .number()
    .int()
    .positive()
    .describe('Uploaded for `roster`: CSV (UTF-8) or Excel (.xlsx), national ID or member number, sign-in, sign-out'),
  signedSheetFileId: z
    .number()
    .int()
    .positive()
    .describe('Uploaded for `signedSheet`: the sheet the attendees signed, PDF, JPEG or PNG'),
});
