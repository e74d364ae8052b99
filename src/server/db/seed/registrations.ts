import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { taipeiDate } from '../../../lib/calendar-date';
import type { I18nText } from '../../../lib/i18n-text';
import { pickText } from '../../../lib/i18n-text';
import type { RegistrationState } from '../../../lib/registrations/states';
import { nextNumber } from '../../services/numbering';
import { createOrder } from '../../services/payments/orders';
import { newRegistrationId } from '../../services/registrations/seats';
import {
  certificationKinds,
  eventCheckIns,
  eventRegistrations,
  eventRegistrationSetups,
  events,
  eventSessions,
  eventTicketTypes,
  orders,
  payments,
  type RegistrationQuestions,
  type TicketPrices,
} from '../schema';
import type { SeedContext } from './context';
import { EVENTS } from './events';

const t = (zh: string, en: string): I18nText => ({ 'zh-tw': zh, 'en-us': en });
const DAY = 86_400_000;

/** The demo's events with registration on the portal (decision record 041), by their titles in EVENTS. */
export const DEMO_REGISTRATION_EVENTS = {
  /** An upcoming congress of three days with two ticket types (the whole, or the first day). */
  congress: 'Asia-Pacific Clinical Education Summit 2026',
  /** An upcoming hands-on course that is full, with a person waiting. */
  fullWorkshop: 'Simulation instructor course',
  /** A workshop held two weeks ago, its attendance checked in at the door. */
  pastWorkshop: 'Critical appraisal workshop',
} as const;

const memberPrices = (regular: number, student: number): Record<string, number> => ({
  regular,
  associate: regular,
  overseas: regular,
  student,
  life: regular,
});

interface Seat {
  email: string;
  /** The price the person was given: their member class's, or the web users'. */
  as: 'regular' | 'student' | 'webUser';
  state: RegistrationState;
  /** Paid by card (an order paid, its payment recorded), when the price is not zero. */
  paid?: boolean;
  /** Days ago the person joined the waiting list. */
  waitingDaysAgo?: number;
  answers?: Record<string, string>;
  /** The sessions (by position) the person was checked in to, and out of where asked. */
  attended?: number[];
}

interface DemoTicketType {
  name: I18nText;
  capacity: number;
  prices: TicketPrices;
  earlyPrices?: TicketPrices;
  seats: Seat[];
}

interface DemoSession {
  title: I18nText;
  /** Day of the event, from 0. */
  day: number;
  start: string;
  end: string;
  needsCheckOut?: boolean;
  category: string;
  points: number;
  /** Ticket types admitted, by position from 1. */
  ticketTypes: number[];
}

interface DemoRegistration {
  event: string;
  /** Registration opens and closes, in days from the seed's `now`; closes defaults to a day before the event. */
  opensInDays: number;
  closesBeforeEventDays?: number;
  earlyBirdInDays?: number;
  cancelBeforeEventDays?: number;
  questions: RegistrationQuestions;
  refundSteps: { daysBefore: number; percent: number }[];
  ticketTypes: DemoTicketType[];
  sessions: DemoSession[];
}

const REGISTRATIONS: DemoRegistration[] = [
  {
    event: DEMO_REGISTRATION_EVENTS.congress,
    opensInDays: -20,
    closesBeforeEventDays: 2,
    earlyBirdInDays: 5,
    cancelBeforeEventDays: 7,
    questions: {
      diet: 'optional',
      receipt: 'optional',
      freeText: 'optional',
      freeTextLabel: t('想請講者回答的問題', 'A question for the speakers'),
    },
    refundSteps: [
      { daysBefore: 14, percent: 100 },
      { daysBefore: 7, percent: 50 },
    ],
    ticketTypes: [
      {
        name: t('全程（三天）', 'Full summit (three days)'),
        capacity: 400,
        prices: { members: memberPrices(3000, 1500), webUser: 6000 },
        earlyPrices: { members: memberPrices(2500, 1200), webUser: 5000 },
        seats: [
          { email: 'member@example.org', as: 'regular', state: 'confirmed', paid: true, answers: { diet: '素食' } },
        ],
      },
      {
        name: t('單日（第一天）', 'One day (day 1)'),
        capacity: 150,
        prices: { members: memberPrices(1200, 600), webUser: 2500 },
        seats: [{ email: 'student@example.org', as: 'student', state: 'confirmed', paid: true }],
      },
    ],
    sessions: [
      {
        title: t('第一天：課程改革與能力導向教育', 'Day 1: curriculum reform and competency-based education'),
        day: 0,
        start: '09:00',
        end: '17:00',
        category: 'professional',
        points: 6,
        ticketTypes: [1, 2],
      },
      {
        title: t('第二天：職場評量與回饋', 'Day 2: workplace-based assessment and feedback'),
        day: 1,
        start: '09:00',
        end: '17:00',
        category: 'professional',
        points: 6,
        ticketTypes: [1],
      },
      {
        title: t('第三天：師資培育與研究方法', 'Day 3: faculty development and research methods'),
        day: 2,
        start: '09:00',
        end: '17:00',
        category: 'professional',
        points: 6,
        ticketTypes: [1],
      },
    ],
  },
  {
    event: DEMO_REGISTRATION_EVENTS.fullWorkshop,
    opensInDays: -30,
    closesBeforeEventDays: 1,
    questions: { diet: 'required', receipt: 'optional', freeText: 'off' },
    refundSteps: [{ daysBefore: 3, percent: 80 }],
    ticketTypes: [
      {
        name: t('小組學員', 'Small-group participant'),
        capacity: 3,
        prices: { members: memberPrices(0, 0), webUser: 1500 },
        seats: [
          { email: 'grace@example.org', as: 'student', state: 'confirmed', answers: { diet: '葷食' } },
          { email: 'student@example.org', as: 'student', state: 'confirmed', answers: { diet: '葷食' } },
          { email: 'webuser@example.org', as: 'webUser', state: 'awaitingPayment', answers: { diet: '素食' } },
          {
            email: 'lapsed@example.org',
            as: 'webUser',
            state: 'waiting',
            waitingDaysAgo: 2,
            answers: { diet: '葷食' },
          },
        ],
      },
    ],
    sessions: [
      {
        title: t('第一天：情境撰寫', 'Day 1: writing scenarios'),
        day: 0,
        start: '09:00',
        end: '16:00',
        needsCheckOut: true,
        category: 'professional',
        points: 6,
        ticketTypes: [1],
      },
      {
        title: t('第二天：引導式回饋與評量', 'Day 2: debriefing and assessment'),
        day: 1,
        start: '09:00',
        end: '16:00',
        needsCheckOut: true,
        category: 'professional',
        points: 6,
        ticketTypes: [1],
      },
    ],
  },
  {
    event: DEMO_REGISTRATION_EVENTS.pastWorkshop,
    opensInDays: -60,
    closesBeforeEventDays: 1,
    questions: { diet: 'optional', receipt: 'off', freeText: 'off' },
    refundSteps: [],
    ticketTypes: [
      {
        name: t('學員', 'Participant'),
        capacity: 40,
        prices: { members: memberPrices(0, 0), webUser: 1500 },
        seats: [
          { email: 'grace@example.org', as: 'student', state: 'confirmed', attended: [1] },
          { email: 'student@example.org', as: 'student', state: 'confirmed', attended: [1] },
        ],
      },
    ],
    sessions: [
      {
        title: t('文獻評讀實作', 'Critical appraisal in practice'),
        day: 0,
        start: '09:00',
        end: '13:00',
        category: 'professional',
        points: 4,
        ticketTypes: [1],
      },
    ],
  },
];

const minuteOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Registration on three of the demo's events (decision record 041): an upcoming congress with two
 * ticket types and paid registrations, a full workshop with one person waiting and one seat awaiting
 * its payment, and a past workshop whose attendees were checked in at the door. Their external
 * registration links give way to the portal's own. Answers the past workshop's event id (its
 * attendance's credits are posted by the seed after the credit ledger is seeded).
 */
export async function seedRegistrations(
  { tx, now }: SeedContext,
  accountIds: Map<string, number>,
  adminId: number,
): Promise<number> {
  const [licence] = await tx
    .select({ id: certificationKinds.id })
    .from(certificationKinds)
    .where(eq(certificationKinds.code, 'licence'));
  const titles = REGISTRATIONS.map((r) => r.event);
  if (titles.some((title) => !EVENTS.some((e) => e.title['en-us'] === title)))
    throw new Error('a demo registration names an event the demo does not have');
  const rows = await tx.select().from(events);
  let pastEventId = 0;
  const year = Number(taipeiDate(now).slice(0, 4));

  for (const item of REGISTRATIONS) {
    const event = rows.find((e) => e.title['en-us'] === item.event)!;
    if (item.event === DEMO_REGISTRATION_EVENTS.pastWorkshop) pastEventId = event.id;
    const at = (days: number) => new Date(now.getTime() + days * DAY);
    const beforeEvent = (days: number) => new Date(event.startsAt.getTime() - days * DAY);
    await tx.update(events).set({ registrationUrl: null, registrationClosesAt: null }).where(eq(events.id, event.id));
    await tx.insert(eventRegistrationSetups).values({
      eventId: event.id,
      opensAt: at(item.opensInDays),
      closesAt: beforeEvent(item.closesBeforeEventDays ?? 1),
      earlyBirdUntil: item.earlyBirdInDays === undefined ? null : at(item.earlyBirdInDays),
      cancelUntil: item.cancelBeforeEventDays === undefined ? null : beforeEvent(item.cancelBeforeEventDays),
      questions: item.questions,
      refundRule: { steps: item.refundSteps },
    });
    const typeIds: number[] = [];
    for (const [index, type] of item.ticketTypes.entries()) {
      const seated = type.seats.filter((s) => s.state !== 'waiting').length;
      const [row] = await tx
        .insert(eventTicketTypes)
        .values({
          eventId: event.id,
          position: index + 1,
          name: type.name,
          capacity: type.capacity,
          seatsTaken: seated,
          prices: type.prices,
          earlyPrices: type.earlyPrices ?? null,
        })
        .returning({ id: eventTicketTypes.id });
      typeIds.push(row!.id);
    }
    const sessionIds: number[] = [];
    for (const [index, s] of item.sessions.entries()) {
      const [row] = await tx
        .insert(eventSessions)
        .values({
          eventId: event.id,
          position: index + 1,
          title: s.title,
          day: taipeiDate(new Date(event.startsAt.getTime() + s.day * DAY)),
          startMinute: minuteOf(s.start),
          endMinute: minuteOf(s.end),
          needsCheckOut: s.needsCheckOut ?? false,
          kindId: licence?.id ?? null,
          category: s.category,
          creditClass: 'A',
          topics: [],
          points: s.points * 10,
          ticketTypeIds: s.ticketTypes.map((p) => typeIds[p - 1]!),
        })
        .returning({ id: eventSessions.id });
      sessionIds.push(row!.id);
    }

    for (const [index, type] of item.ticketTypes.entries()) {
      for (const seat of type.seats) {
        const accountId = accountIds.get(seat.email);
        if (!accountId) throw new Error(`no demo account ${seat.email}`);
        const registeredAt = new Date(Math.max(at(item.opensInDays + 1).getTime(), at(-10).getTime()));
        const early = item.earlyBirdInDays !== undefined && type.earlyPrices !== undefined;
        const prices = early ? type.earlyPrices! : type.prices;
        const amount = seat.as === 'webUser' ? prices.webUser : prices.members[seat.as]!;
        const [reg] = await tx
          .insert(eventRegistrations)
          .values({
            ...(await newRegistrationId(tx, taipeiDate(registeredAt))),
            eventId: event.id,
            ticketTypeId: typeIds[index]!,
            accountId,
            state: seat.state,
            price: amount,
            priceTier: seat.as === 'webUser' ? 'webUser' : 'member',
            priceClass: seat.as === 'webUser' ? null : seat.as,
            early,
            answers: seat.answers ?? {},
            ticketToken: randomBytes(32).toString('base64url'),
            payBy: seat.state === 'awaitingPayment' ? at(2) : null,
            waitingSince: seat.state === 'waiting' ? at(-(seat.waitingDaysAgo ?? 1)) : null,
            confirmedAt: seat.state === 'confirmed' ? registeredAt : null,
            createdAt: registeredAt,
            updatedAt: registeredAt,
          })
          .returning();
        const registration = reg!;
        if (amount > 0 && (seat.paid || seat.state === 'awaitingPayment')) {
          const description = t(
            `${pickText(event.title, 'zh-tw')}（${pickText(type.name, 'zh-tw')}）報名費`,
            `Registration: ${pickText(event.title, 'en-us')} (${pickText(type.name, 'en-us')})`,
          );
          const order = await createOrder(tx, {
            payer: { kind: 'individual', id: accountId },
            applicationId: null,
            registrationId: registration.id,
            description,
            items: [{ kind: 'registration', description, amount }],
            dueAt: seat.paid ? at(-7) : at(2),
          });
          if (seat.paid) {
            const paidAt = new Date(registeredAt.getTime() + 3_600_000);
            await tx
              .update(orders)
              .set({
                status: 'paid',
                paidAt,
                receiptNo: await nextNumber(tx, 'receipt', 'R{yyyy}-{seq:6}', { year }),
                createdAt: registeredAt,
                updatedAt: paidAt,
              })
              .where(eq(orders.id, order.id));
            await tx.insert(payments).values({
              orderId: order.id,
              amount,
              method: 'CREDIT',
              tradeNo: `DEMOREG${registration.id.toString().padStart(6, '0')}`,
              source: 'notify',
              paidAt,
            });
          }
        }
        for (const position of seat.attended ?? []) {
          const session = item.sessions[position - 1]!;
          const sessionDay = new Date(event.startsAt.getTime() + session.day * DAY);
          const minutes = (hhmm: string) => (minuteOf(hhmm) - minuteOf('09:00')) * 60_000;
          await tx.insert(eventCheckIns).values({
            registrationId: registration.id,
            sessionId: sessionIds[position - 1]!,
            direction: 'in',
            doorAccountId: adminId,
            at: new Date(sessionDay.getTime() - 10 * 60_000 + minutes(session.start)),
          });
          if (session.needsCheckOut)
            await tx.insert(eventCheckIns).values({
              registrationId: registration.id,
              sessionId: sessionIds[position - 1]!,
              direction: 'out',
              doorAccountId: adminId,
              at: new Date(sessionDay.getTime() + minutes(session.end)),
            });
        }
      }
    }
  }
  return pastEventId;
}
