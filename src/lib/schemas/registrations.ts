import { z } from 'zod';
import { CREDIT_CLASSES } from '../credits/rules';
import { REGISTRATION_STATES } from '../registrations/states';
import { blankIsAbsent, idParam } from './common';
import { documentQuery } from './documents';

const id = z.number().int().positive().max(2_147_483_647);
/** A moment with its offset (`2026-10-01T09:00:00+08:00`); -5 when malformed. */
const moment = z.iso.datetime({ offset: true });
const money = z.number().int().min(0).max(10_000_000).describe('NT$, a whole number; 0 is free');
const bilingual = (max: number) =>
  z.object({ 'zh-tw': z.string().trim().min(1).max(max), 'en-us': z.string().trim().max(max).default('') });

const questionUse = z.enum(['off', 'optional', 'required']);

const ticketPrices = z.object({
  members: z.record(z.string().min(1).max(40), money).describe('Member class code → price'),
  webUser: money,
});

/** A ticket type as staff save it: absent `ticketTypeId` adds one. */
const ticketTypeInput = z.object({
  ticketTypeId: id.optional(),
  name: bilingual(100),
  capacity: z.number().int().min(1).max(100_000),
  prices: ticketPrices,
  earlyPrices: ticketPrices.nullable().default(null),
});

/** A session as staff save it: absent `sessionId` adds one; `ticketTypes` are positions in the body's `ticketTypes`. */
const sessionInput = z
  .object({
    sessionId: id.optional(),
    title: bilingual(200),
    day: z.iso.date(),
    startMinute: z.number().int().min(0).max(1439),
    endMinute: z.number().int().min(1).max(1440),
    needsCheckOut: z.boolean().default(false),
    kindId: id.nullable().default(null),
    category: z.string().trim().max(40).nullable().default(null),
    creditClass: z.enum(CREDIT_CLASSES).nullable().default(null),
    topics: z.array(z.string().min(1).max(40)).max(20).default([]),
    points: z.number().int().min(0).max(1000).default(0).describe('Tenths of a point'),
    ticketTypes: z
      .array(z.number().int().min(0))
      .max(50)
      .describe('Positions (0-based) in `ticketTypes` of the ticket types admitted'),
  })
  .refine((s) => s.startMinute < s.endMinute, { path: ['endMinute'], message: 'must be after startMinute' })
  .refine((s) => s.kindId === null || (s.category !== null && s.creditClass !== null && s.points > 0), {
    path: ['kindId'],
    message: 'credits need a category, a credit class and points',
  });

/** What staff save for an event's registration: its setup, its ticket types and its sessions, at once. */
export const registrationSetupBody = z
  .object({
    eventId: id,
    opensAt: moment,
    closesAt: moment,
    earlyBirdUntil: moment.nullable().default(null),
    cancelUntil: moment.nullable().default(null),
    payHours: z.number().int().min(1).max(720).default(72),
    offerHours: z.number().int().min(1).max(720).default(48),
    needsApproval: z.boolean().default(false),
    questions: z
      .object({
        diet: questionUse,
        receipt: questionUse,
        freeText: questionUse,
        freeTextLabel: bilingual(200).optional(),
      })
      .default({ diet: 'off', receipt: 'off', freeText: 'off' }),
    refundRule: z
      .object({
        steps: z
          .array(z.object({ daysBefore: z.number().int().min(0).max(365), percent: z.number().int().min(0).max(100) }))
          .max(10),
      })
      .default({ steps: [] }),
    ticketTypes: z.array(ticketTypeInput).min(1).max(50),
    sessions: z.array(sessionInput).max(100).default([]),
  })
  .refine((b) => Date.parse(b.opensAt) < Date.parse(b.closesAt), {
    path: ['closesAt'],
    message: 'must be after opensAt',
  })
  .refine((b) => b.earlyBirdUntil === null || Date.parse(b.earlyBirdUntil) <= Date.parse(b.closesAt), {
    path: ['earlyBirdUntil'],
    message: 'must not be after closesAt',
  })
  .refine((b) => b.questions.freeText === 'off' || b.questions.freeTextLabel !== undefined, {
    path: ['questions', 'freeTextLabel'],
    message: 'a free-text question needs its label',
  })
  .refine((b) => b.sessions.every((s) => s.ticketTypes.every((p) => p < b.ticketTypes.length)), {
    path: ['sessions'],
    message: 'a session admits a ticket type that is not in ticketTypes',
  });
export type RegistrationSetupInput = z.output<typeof registrationSetupBody>;

export const eventIdParamQuery = z.object({ eventId: idParam });

const bilingualView = z.object({ 'zh-tw': z.string(), 'en-us': z.string().optional() });

/** An event's registration as staff read it. */
export const registrationSetupView = z.object({
  eventId: z.number().int(),
  opensAt: z.string(),
  closesAt: z.string(),
  earlyBirdUntil: z.string().nullable(),
  cancelUntil: z.string().nullable(),
  payHours: z.number().int(),
  offerHours: z.number().int(),
  needsApproval: z.boolean(),
  questions: z.object({
    diet: questionUse,
    receipt: questionUse,
    freeText: questionUse,
    freeTextLabel: bilingualView.optional(),
  }),
  refundRule: z.object({ steps: z.array(z.object({ daysBefore: z.number().int(), percent: z.number().int() })) }),
  ticketTypes: z.array(
    z.object({
      ticketTypeId: z.number().int(),
      name: bilingualView,
      capacity: z.number().int(),
      seatsTaken: z.number().int(),
      waiting: z.number().int(),
      prices: ticketPrices,
      earlyPrices: ticketPrices.nullable(),
    }),
  ),
  sessions: z.array(
    z.object({
      sessionId: z.number().int(),
      title: bilingualView,
      day: z.string(),
      startMinute: z.number().int(),
      endMinute: z.number().int(),
      needsCheckOut: z.boolean(),
      kindId: z.number().int().nullable(),
      category: z.string().nullable(),
      creditClass: z.enum(CREDIT_CLASSES).nullable(),
      topics: z.array(z.string()),
      points: z.number().int(),
      ticketTypeIds: z.array(z.number().int()),
    }),
  ),
});

/** The desk's filter of an event's registrations: ticket type, state, paid or not, and words. */
export const registrationFilter = z.object({
  ticketTypeId: blankIsAbsent(idParam),
  state: blankIsAbsent(z.enum(REGISTRATION_STATES)),
  paid: blankIsAbsent(z.enum(['yes', 'no']).describe('yes: its order is paid; no: it holds no paid order')),
  q: blankIsAbsent(z.string().trim().max(100).describe('Words in the name, registration number or e-mail')),
});
export type RegistrationFilter = z.output<typeof registrationFilter>;

/** The staff's list of an event's registrations: filtered, a page at a time. */
export const staffRegistrationsQuery = registrationFilter.extend({ eventId: idParam, page: blankIsAbsent(idParam) });

/** The desk's export of an event's registrations: the list's filter, as CSV or a workbook. */
export const registrationExportQuery = registrationFilter.extend({
  ...documentQuery.shape,
  eventId: idParam,
  format: z.enum(['csv', 'xlsx']).default('csv').describe('csv (UTF-8 with a byte-order mark) or xlsx'),
});

/** The desk's name badges: an event's confirmed registrations, of one ticket type when given. */
export const badgesQuery = documentQuery.extend({ eventId: idParam, ticketTypeId: blankIsAbsent(idParam) });

/** The registration states the events desk lists an event by: none set up, opening later, open, closed. */
export const DESK_EVENT_STATES = ['none', 'opens', 'open', 'closed'] as const;
export type DeskEventState = (typeof DESK_EVENT_STATES)[number];

/** The events desk's list: words in the title, the registration state, upcoming or past, a page. */
export const deskEventsQuery = z.object({
  q: blankIsAbsent(
    z
      .string()
      .trim()
      .max(100)
      .describe('Words in the title, description or place, in either language, found as site search finds them'),
  ),
  state: blankIsAbsent(z.enum(DESK_EVENT_STATES)),
  when: blankIsAbsent(z.enum(['upcoming', 'past'])),
  page: blankIsAbsent(idParam),
});
export type DeskEventsQuery = z.output<typeof deskEventsQuery>;

/** Check-ins counted per session of an event, as the desk polls them. */
export const checkInCountsResponse = z.object({
  at: z.string(),
  sessions: z.array(
    z.object({
      sessionId: z.number().int(),
      title: z.string(),
      day: z.string(),
      checkedIn: z.number().int(),
      checkedOut: z.number().int(),
      admitted: z.number().int().describe('Registrations holding a seat of a ticket type the session admits'),
    }),
  ),
});

const registrationAnswers = z.object({
  diet: z.string().trim().max(200).optional(),
  receiptTitle: z.string().trim().max(100).optional(),
  businessNo: z
    .string()
    .trim()
    .regex(/^(\d{8})?$/, 'a business number has 8 digits')
    .optional(),
  freeText: z.string().trim().max(1000).optional(),
});

export const staffRegistrationRow = z.object({
  registrationId: z.number().int(),
  number: z.string(),
  ticketTypeId: z.number().int(),
  ticketType: z.string(),
  accountId: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  state: z.enum(REGISTRATION_STATES),
  price: z.number().int(),
  priceTier: z.enum(['member', 'webUser']),
  early: z.boolean(),
  answers: registrationAnswers,
  payBy: z.string().nullable(),
  waitingSince: z.string().nullable(),
  createdAt: z.string(),
  orderNumber: z.string().nullable(),
  orderStatus: z.string().nullable(),
  paid: z.boolean(),
  paidAmount: z.number().int().describe('NT$ its order received (payments counted for it)'),
  refundDue: z.number().int().nullable().describe('NT$ owed back on a paid registration cancelled; null when none is'),
  refunded: z.number().int().describe('NT$ refunded on its order (recorded at the refund desk)'),
});

export const staffRegistrationList = z.object({
  rows: z.array(staffRegistrationRow),
  page: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

/** What a signed-in person sees before registering: each ticket type with their own price. */
export const registrationOptionsResponse = z.object({
  eventId: z.number().int(),
  title: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  cancelUntil: z.string().nullable(),
  open: z.boolean().describe('Registration takes registrations now'),
  questions: z.object({
    diet: questionUse,
    receipt: questionUse,
    freeText: questionUse,
    freeTextLabel: z.string().nullable(),
  }),
  ticketTypes: z.array(
    z.object({
      ticketTypeId: z.number().int(),
      name: z.string(),
      price: z.number().int().describe('What the reader pays: send it back as expectedPrice'),
      priceTier: z.enum(['member', 'webUser']),
      early: z.boolean(),
      seatsLeft: z.number().int(),
      waiting: z.number().int().describe('People on the waiting list'),
      registered: z.boolean().describe('The reader holds an active registration of this type'),
    }),
  ),
});

export const registerBody = z.object({
  eventId: id,
  ticketTypeId: id,
  expectedPrice: money.describe('The price the page showed; a different server price is refused (-10 priceChanged)'),
  answers: registrationAnswers.default({}),
});

export const registrationIdBody = z.object({ registrationId: id });

/** One of the reader's registrations. */
export const myRegistration = z.object({
  registrationId: z.number().int(),
  number: z.string(),
  eventId: z.number().int(),
  event: z.string(),
  ticketType: z.string(),
  state: z.enum(REGISTRATION_STATES),
  price: z.number().int(),
  early: z.boolean(),
  payBy: z.string().nullable(),
  orderId: z.number().int().nullable().describe('The order to pay (POST /api/amsw0501/pay) while awaiting payment'),
  waitingPosition: z.number().int().nullable().describe('1 for the first person waiting'),
  ticketToken: z.string().nullable().describe('The ticket’s secret, for its QR; only while it holds a seat'),
  createdAt: z.string(),
  eventStartsAt: z.string(),
  cancelUntil: z.string().describe('Until when it may be cancelled: the event’s cancellation deadline, or its start'),
  cancellable: z
    .boolean()
    .describe('Whether POST /api/amsw0306/cancel takes it now (active, before the cancellation deadline)'),
  refundIfCancelled: z
    .number()
    .int()
    .nullable()
    .describe(
      'NT$ refunded if it is cancelled now (a paid one, by the event’s refund rule); null when nothing was paid',
    ),
  refundDue: z
    .number()
    .int()
    .nullable()
    .describe('NT$ the society owes back on a cancelled paid registration; null otherwise'),
  attendanceCertificate: z
    .boolean()
    .describe('Whether the reader holds a certificate of attendance of the event (GET /api/amsw0306/certificate)'),
});
export const myRegistrationResponse = myRegistration;
export const myRegistrationsResponse = z.object({ registrationList: z.array(myRegistration) });

/** The staff's decision on a registration awaiting approval (or waiting, to reject). */
export const registrationDecisionBody = z.object({ registrationId: id, decision: z.enum(['approve', 'reject']) });

/** The staff's cancellation of an active registration, with the refund due when it was paid. */
export const registrationCancelBody = z.object({
  registrationId: id,
  refund: money
    .optional()
    .describe('NT$ to refund of a paid one, at most what was paid; absent: the event’s refund rule on the day'),
});
export type RegistrationCancelInput = z.output<typeof registrationCancelBody>;
export const registrationCancelResponse = z.object({
  state: z.enum(REGISTRATION_STATES),
  refundDue: z.number().int().nullable().describe('NT$ owed back; null when nothing was paid'),
});

/** The live state of an event's ticket types, for anyone: the seats left and how many wait. */
export const registrationSeatsResponse = z.object({
  eventId: z.number().int(),
  phase: z.enum(['notYetOpen', 'open', 'closed']).describe('Where registration stands by the clock'),
  ticketTypes: z.array(
    z.object({
      ticketTypeId: z.number().int(),
      seatsLeft: z.number().int().describe('0: full, newcomers join the waiting list'),
      waiting: z.number().int().describe('People on the waiting list'),
    }),
  ),
});

/** A staff correction of a person's attendance of an event's session. */
export const attendanceCorrectionBody = z.object({
  sessionId: id,
  registrationId: id.describe('A confirmed registration of the session’s event'),
  present: z
    .boolean()
    .describe(
      'true: attended the whole session (checked in, and out where asked); false: not attended (its scans removed)',
    ),
});
export const attendanceCorrectionResponse = z.object({
  reposted: z.boolean().describe('Whether the session had posted already and so posted again'),
});

/** A session's attendance for the desk: the confirmed registrations it admits, a page at a time. */
export const sessionAttendanceQuery = z.object({ sessionId: idParam, page: blankIsAbsent(idParam) });

export const sessionAttendanceList = z.object({
  session: z.object({
    sessionId: z.number().int(),
    eventId: z.number().int(),
    title: z.string(),
    day: z.string(),
    startMinute: z.number().int(),
    endMinute: z.number().int(),
    needsCheckOut: z.boolean(),
    creditsPostedAt: z.string().nullable().describe('When its attendance posted to the ledger; null before'),
  }),
  rows: z.array(
    z.object({
      registrationId: z.number().int(),
      number: z.string(),
      name: z.string(),
      checkedInAt: z.string().nullable(),
      checkedOutAt: z.string().nullable(),
      entry: z
        .object({ points: z.number(), status: z.enum(['posted', 'refused']), note: z.string() })
        .nullable()
        .describe('What the ledger holds for this person from the session (points, not tenths); null: nothing'),
    }),
  ),
  page: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
