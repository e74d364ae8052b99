/**
 * A signed-in individual's side of event registration: the options with their own price, their
 * registrations (the ticket's token only to its owner), and their own cancellation.
 */
import { and, asc, count, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { taipeiDate } from '../../../lib/calendar-date';
import { ErrorCode } from '../../../lib/error-codes';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { ACTIVE_REGISTRATION_STATES, type RegistrationState, SEAT_STATES } from '../../../lib/registrations/states';
import { AppError } from '../../app-error';
import type { Actor } from '../../auth/sessions';
import {
  eventRegistrations,
  eventRegistrationSetups,
  events,
  eventTicketTypes,
  issuedDocuments,
  orders,
} from '../../db/schema';
import { runtime } from '../../runtime';
import { mailSite } from '../mail/mail-site';
import { priceClassOf, ticketPrice } from './pricing';
import { eventWithSetup, type RegistrationRow, release } from './seats';

/** What a registrant may cancel of a paid ticket type: all but a confirmed (paid) one. */
const UNPAID_STATES: readonly RegistrationState[] = ['waiting', 'awaitingApproval', 'awaitingPayment'];

/** The states the registrant may cancel their registration from, by its price (cancelMyRegistration's rule). */
const cancellableStates = (price: number): readonly RegistrationState[] =>
  price === 0 ? ACTIVE_REGISTRATION_STATES : UNPAID_STATES;

function requireIndividual(actor: Actor): void {
  if (actor.account.userType !== 'individual') throw new AppError(ErrorCode.NO_PERMISSION);
}

/** An event's registration as the reader may register: each ticket type with their price, the seats left and the list's length. */
export async function registrationOptions(actor: Actor, eventId: number, locale: Locale) {
  requireIndividual(actor);
  const { db } = (await runtime()).database;
  const now = new Date();
  const { event, setup } = await eventWithSetup(db, eventId);
  const types = await db
    .select()
    .from(eventTicketTypes)
    .where(eq(eventTicketTypes.eventId, eventId))
    .orderBy(asc(eventTicketTypes.position));
  const waiting = await db
    .select({ ticketTypeId: eventRegistrations.ticketTypeId, n: count() })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.state, 'waiting')))
    .groupBy(eventRegistrations.ticketTypeId);
  const mine = await db
    .select({ ticketTypeId: eventRegistrations.ticketTypeId })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        eq(eventRegistrations.accountId, actor.accountId),
        inArray(eventRegistrations.state, [...ACTIVE_REGISTRATION_STATES]),
      ),
    );
  const classCode = await priceClassOf(actor, taipeiDate(now));
  return {
    eventId,
    title: pickText(event.title, locale),
    opensAt: setup.opensAt.toISOString(),
    closesAt: setup.closesAt.toISOString(),
    cancelUntil: setup.cancelUntil?.toISOString() ?? null,
    open: now >= setup.opensAt && now < setup.closesAt && now < event.startsAt,
    questions: {
      diet: setup.questions.diet,
      receipt: setup.questions.receipt,
      freeText: setup.questions.freeText,
      freeTextLabel:
        setup.questions.freeText === 'off' || !setup.questions.freeTextLabel
          ? null
          : pickText(setup.questions.freeTextLabel, locale),
    },
    ticketTypes: types.map((t) => {
      const price = ticketPrice(t, classCode, setup.earlyBirdUntil, now);
      return {
        ticketTypeId: t.id,
        name: pickText(t.name, locale),
        price: price.price,
        priceTier: price.tier,
        early: price.early,
        seatsLeft: t.capacity - t.seatsTaken,
        waiting: waiting.find((w) => w.ticketTypeId === t.id)?.n ?? 0,
        registered: mine.some((m) => m.ticketTypeId === t.id),
      };
    }),
  };
}

/** The reader's registrations, newest first, or one of them (`registrationId`; -6 when not theirs). */
export async function myRegistrations(actor: Actor, locale: Locale, registrationId?: number) {
  requireIndividual(actor);
  const { db } = (await runtime()).database;
  const rows = await db
    .select({
      reg: eventRegistrations,
      title: events.title,
      startsAt: events.startsAt,
      cancelUntil: eventRegistrationSetups.cancelUntil,
      typeName: eventTicketTypes.name,
      orderId: orders.id,
      orderStatus: orders.status,
      certificateId: issuedDocuments.id,
    })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, eventRegistrations.ticketTypeId))
    .leftJoin(eventRegistrationSetups, eq(eventRegistrationSetups.eventId, eventRegistrations.eventId))
    .leftJoin(orders, eq(orders.registrationId, eventRegistrations.id))
    // The reader's valid certificate of attendance of the event (one at most: a new one revokes the old).
    .leftJoin(
      issuedDocuments,
      and(
        eq(issuedDocuments.kind, 'attendance'),
        eq(issuedDocuments.accountId, eventRegistrations.accountId),
        eq(issuedDocuments.subjectId, eventRegistrations.eventId),
        isNull(issuedDocuments.revokedAt),
      ),
    )
    .where(
      and(
        eq(eventRegistrations.accountId, actor.accountId),
        registrationId === undefined ? undefined : eq(eventRegistrations.id, registrationId),
      ),
    )
    .orderBy(desc(eventRegistrations.createdAt), desc(eventRegistrations.id));
  if (registrationId !== undefined && rows.length === 0) throw new AppError(ErrorCode.NO_DATA);
  const now = new Date();
  const list = [];
  for (const { reg, title, startsAt, cancelUntil, typeName, orderId, orderStatus, certificateId } of rows) {
    const until = cancelUntil ?? startsAt;
    list.push({
      registrationId: reg.id,
      number: reg.number,
      eventId: reg.eventId,
      event: pickText(title, locale),
      ticketType: pickText(typeName, locale),
      state: reg.state,
      price: reg.price,
      early: reg.early,
      payBy: reg.payBy?.toISOString() ?? null,
      orderId: reg.state === 'awaitingPayment' && orderStatus === 'pending' ? orderId : null,
      waitingPosition: reg.state === 'waiting' ? await waitingPosition(reg) : null,
      ticketToken: (SEAT_STATES as readonly string[]).includes(reg.state) ? reg.ticketToken : null,
      createdAt: reg.createdAt.toISOString(),
      eventStartsAt: startsAt.toISOString(),
      cancelUntil: until.toISOString(),
      cancellable: now < until && cancellableStates(reg.price).includes(reg.state),
      attendanceCertificate: certificateId !== null,
    });
  }
  return list;
}

/** Where a waiting registration stands on its ticket type's list: 1 for the first. */
async function waitingPosition(reg: RegistrationRow): Promise<number> {
  const { db } = (await runtime()).database;
  const [ahead] = await db
    .select({ n: count() })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.ticketTypeId, reg.ticketTypeId),
        eq(eventRegistrations.state, 'waiting'),
        or(
          lt(eventRegistrations.waitingSince, reg.waitingSince!),
          and(eq(eventRegistrations.waitingSince, reg.waitingSince!), lt(eventRegistrations.id, reg.id)),
        ),
      ),
    );
  return (ahead?.n ?? 0) + 1;
}

/**
 * The reader cancels their own registration (waiting, awaiting approval or payment, or a free
 * confirmed one) until the event's cancellation deadline (none set: until the event starts); its
 * seat goes to the next person waiting. A paid registration is cancelled by the office, which
 * settles its refund (-10 `registrationPaid`).
 */
export async function cancelMyRegistration(actor: Actor, registrationId: number): Promise<void> {
  requireIndividual(actor);
  const { db } = (await runtime()).database;
  const [reg] = await db
    .select()
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.id, registrationId), eq(eventRegistrations.accountId, actor.accountId)));
  if (!reg) throw new AppError(ErrorCode.NO_DATA);
  const { event, setup } = await eventWithSetup(db, reg.eventId);
  const now = new Date();
  const until = setup.cancelUntil ?? event.startsAt;
  if (now >= until) throw new AppError(ErrorCode.DATA_CHECK, { reason: 'cancelClosed' }, { key: 'cancelClosed' });
  if (reg.state === 'confirmed' && reg.price > 0)
    throw new AppError(ErrorCode.DATA_CHECK, { reason: 'registrationPaid' }, { key: 'registrationPaid' });
  const site = await mailSite();
  const done = await db.transaction((tx) =>
    // A paid one is not the registrant's to cancel: a payment arriving meanwhile confirms it, and then it is not moved.
    release(tx, reg.id, [...cancellableStates(reg.price)], 'cancelled', site, now),
  );
  // Moved meanwhile (paid, expired, cancelled in another tab): nothing to cancel any more.
  if (!done)
    throw new AppError(
      ErrorCode.DATA_CHECK,
      { reason: 'registrationNotCancellable' },
      { key: 'registrationNotCancellable' },
    );
}
