/**
 * A signed-in individual's side of event registration: the options with their own price, their
 * registrations (the ticket's token only to its owner), and their own cancellation.
 */
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { taipeiDate } from '../../../lib/calendar-date';
import { ErrorCode } from '../../../lib/error-codes';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { ACTIVE_REGISTRATION_STATES } from '../../../lib/registrations/states';
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
import { cancelRegistration, eventWithSetup } from './seats';
import { registrationView } from './view';

function requireIndividual(actor: Actor): void {
  if (actor.account.userType !== 'individual') throw new AppError(ErrorCode.NO_PERMISSION);
}

/** An event's registration as the reader may register: each ticket type with their price, the seats left and the list's length. */
export async function registrationOptions(actor: Actor, eventId: number, locale: Locale) {
  requireIndividual(actor);
  const { db } = (await runtime()).database;
  const now = new Date();
  // Asked at once: the embedded database answers them in turn without waiting on the event loop between.
  const [{ event, setup }, types, waiting, mine, classCode] = await Promise.all([
    eventWithSetup(db, eventId),
    db
      .select()
      .from(eventTicketTypes)
      .where(eq(eventTicketTypes.eventId, eventId))
      .orderBy(asc(eventTicketTypes.position)),
    db
      .select({ ticketTypeId: eventRegistrations.ticketTypeId, n: count() })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.state, 'waiting')))
      .groupBy(eventRegistrations.ticketTypeId),
    db
      .select({ ticketTypeId: eventRegistrations.ticketTypeId })
      .from(eventRegistrations)
      .where(
        and(
          eq(eventRegistrations.eventId, eventId),
          eq(eventRegistrations.accountId, actor.accountId),
          inArray(eventRegistrations.state, [...ACTIVE_REGISTRATION_STATES]),
        ),
      ),
    priceClassOf(actor, taipeiDate(now)),
  ]);
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
      refundRule: eventRegistrationSetups.refundRule,
      typeName: eventTicketTypes.name,
      orderId: orders.id,
      orderStatus: orders.status,
      certificateId: issuedDocuments.id,
      // Where a waiting registration stands on its ticket type's list: 1 for the first.
      waitingPosition: sql<number | null>`CASE WHEN event_registrations.state = 'waiting' THEN (
        SELECT count(*)::int + 1 FROM event_registrations ahead
        WHERE ahead.ticket_type_id = event_registrations.ticket_type_id AND ahead.state = 'waiting'
          AND (ahead.waiting_since, ahead.id) < (event_registrations.waiting_since, event_registrations.id)) END`,
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
  return rows.map(({ reg, orderStatus, certificateId, waitingPosition, ...named }) =>
    registrationView(
      reg,
      {
        ...named,
        orderPending: orderStatus === 'pending',
        waitingPosition: waitingPosition === null ? null : Number(waitingPosition),
        certificate: certificateId !== null,
      },
      locale,
      now,
    ),
  );
}

/**
 * The reader cancels their own registration (waiting, awaiting approval or payment, confirmed)
 * until the event's cancellation deadline (none set: until the event starts; -10 `cancelClosed`);
 * its seat goes to the next person waiting, and a paid one records the refund the event's rule
 * gives that day, for the refund desk (`cancelRegistration`). The registrant is mailed.
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
  const site = await mailSite();
  const done = await db.transaction((tx) => cancelRegistration(tx, reg.id, ACTIVE_REGISTRATION_STATES, site, { now }));
  // Moved meanwhile (expired, cancelled in another tab or by the office): nothing to cancel any more.
  if (!done)
    throw new AppError(
      ErrorCode.DATA_CHECK,
      { reason: 'registrationNotCancellable' },
      { key: 'registrationNotCancellable' },
    );
}
