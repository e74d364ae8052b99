/**
 * The registration desk (staff: `events`, `admin`): an event's registration setup saved with its
 * ticket types and sessions at once, read back with the seats taken and the waiting lists, and the
 * event's registrations listed with filters. Every save is audited in its transaction.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { ACTIVE_REGISTRATION_STATES } from '../../../lib/registrations/states';
import type {
  RegistrationCancelInput,
  RegistrationFilter,
  RegistrationSetupInput,
} from '../../../lib/schemas/registrations';
import { personName } from '../../../lib/validators/name';
import { AppError } from '../../app-error';
import type { Actor } from '../../auth/sessions';
import { requireRole } from '../../auth/staff-access';
import {
  accounts,
  eventCheckIns,
  eventRegistrations,
  eventRegistrationSetups,
  events,
  eventSessions,
  eventTicketTypes,
  orders,
} from '../../db/schema';
import { runtime } from '../../runtime';
import { recordAudit } from '../accounts/audit';
import { changeContent } from '../content/changes';
import { mailSite } from '../mail/mail-site';
import { postingContext, repostChangedSessions } from './attendance-credits';
import { cancelRegistration, decideRegistration, fillFromWaitingList } from './seats';
import { containsPattern } from '../../db/like';

/** Rows per page of the desk's list of registrations. */
export const REGISTRATIONS_PAGE = 50;

const fieldRefusal = (reason: string, fields: string[]) =>
  new AppError(ErrorCode.DATA_CHECK, { reason, fields }, { key: reason });

/** Refuses (-11) anyone but the events desk's staff (`events`, `admin`). */
export function requireEventsDesk(actor: Actor): void {
  requireRole(actor, 'events', 'admin');
}

/** How many wait for each ticket type of an event. */
async function waitingCounts(eventId: number): Promise<Map<number, number>> {
  const { db } = (await runtime()).database;
  const rows = await db
    .select({ ticketTypeId: eventRegistrations.ticketTypeId, n: count() })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.state, 'waiting')))
    .groupBy(eventRegistrations.ticketTypeId);
  return new Map(rows.map((r) => [r.ticketTypeId, r.n]));
}

/** An event's registration setup with its ticket types (seats taken, people waiting) and sessions; -6 when it has none. */
export async function readRegistrationSetup(actor: Actor, eventId: number) {
  requireEventsDesk(actor);
  const { db } = (await runtime()).database;
  const [setup] = await db.select().from(eventRegistrationSetups).where(eq(eventRegistrationSetups.eventId, eventId));
  if (!setup) {
    const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
    throw new AppError(event ? ErrorCode.NO_DATA : ErrorCode.NO_ACTIVITY);
  }
  const types = await db
    .select()
    .from(eventTicketTypes)
    .where(eq(eventTicketTypes.eventId, eventId))
    .orderBy(asc(eventTicketTypes.position));
  const sessions = await db
    .select()
    .from(eventSessions)
    .where(eq(eventSessions.eventId, eventId))
    .orderBy(asc(eventSessions.position));
  const waiting = await waitingCounts(eventId);
  return {
    eventId,
    opensAt: setup.opensAt.toISOString(),
    closesAt: setup.closesAt.toISOString(),
    earlyBirdUntil: setup.earlyBirdUntil?.toISOString() ?? null,
    cancelUntil: setup.cancelUntil?.toISOString() ?? null,
    payHours: setup.payHours,
    offerHours: setup.offerHours,
    needsApproval: setup.needsApproval,
    questions: setup.questions,
    refundRule: setup.refundRule,
    ticketTypes: types.map((t) => ({
      ticketTypeId: t.id,
      name: t.name,
      capacity: t.capacity,
      seatsTaken: t.seatsTaken,
      waiting: waiting.get(t.id) ?? 0,
      prices: t.prices,
      earlyPrices: t.earlyPrices,
    })),
    sessions: sessions.map(({ id, eventId: _event, position: _position, ...session }) => ({
      sessionId: id,
      ...session,
    })),
  };
}

/**
 * Saves an event's registration: its setup, its ticket types (a capacity never below the seats
 * taken; a raised one offers the new seats to the people waiting) and its sessions, in one
 * transaction, audited. A ticket type or session left out is removed, unless registrations or
 * check-ins hold it, or its credits have posted (-10). A session whose credits have posted and
 * whose credits, times, ticket types or title change is posted again in the same transaction
 * (`repostChangedSessions`: its ledger entries corrected, the certificates whose facts changed
 * re-issued, audited). A content change: the event's page and its memo are emptied in every
 * process (its registration block shows the setup). Answers what was saved, as `readRegistrationSetup` reads it.
 */
export async function saveRegistrationSetup(actor: Actor, input: RegistrationSetupInput, ip: string) {
  requireEventsDesk(actor);
  const { db } = (await runtime()).database;
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, input.eventId));
  if (!event) throw new AppError(ErrorCode.NO_ACTIVITY);
  const site = await mailSite();
  const now = new Date();
  // Read before the transaction (the embedded database has one connection): what a repost needs.
  const posting = await postingContext(now);
  // A content change: the event's public page shows the setup's times, ticket types and prices.
  await changeContent(async (tx) => {
    // The event's lock first, as the credits job and an attendance correction take it: a session
    // is saved and posted one at a time.
    await tx.select({ id: events.id }).from(events).where(eq(events.id, input.eventId)).for('update');
    const [before] = await tx
      .select()
      .from(eventRegistrationSetups)
      .where(eq(eventRegistrationSetups.eventId, input.eventId))
      .for('update');
    const values = {
      opensAt: new Date(input.opensAt),
      closesAt: new Date(input.closesAt),
      earlyBirdUntil: input.earlyBirdUntil ? new Date(input.earlyBirdUntil) : null,
      cancelUntil: input.cancelUntil ? new Date(input.cancelUntil) : null,
      payHours: input.payHours,
      offerHours: input.offerHours,
      needsApproval: input.needsApproval,
      questions: input.questions,
      refundRule: input.refundRule,
      updatedAt: now,
    };
    await tx
      .insert(eventRegistrationSetups)
      .values({ eventId: input.eventId, ...values })
      .onConflictDoUpdate({ target: eventRegistrationSetups.eventId, set: values });

    const existing = await tx
      .select()
      .from(eventTicketTypes)
      .where(eq(eventTicketTypes.eventId, input.eventId))
      .orderBy(asc(eventTicketTypes.id))
      .for('update');
    const typeIds: number[] = [];
    const raised: number[] = [];
    for (const [position, t] of input.ticketTypes.entries()) {
      const name = { 'zh-tw': t.name['zh-tw'], 'en-us': t.name['en-us'] };
      if (t.ticketTypeId === undefined) {
        const [added] = await tx
          .insert(eventTicketTypes)
          .values({
            eventId: input.eventId,
            position,
            name,
            capacity: t.capacity,
            prices: t.prices,
            earlyPrices: t.earlyPrices,
          })
          .returning({ id: eventTicketTypes.id });
        typeIds.push(added!.id);
        continue;
      }
      const current = existing.find((e) => e.id === t.ticketTypeId);
      if (!current) throw fieldRefusal('ticketTypeUnknown', [`ticketTypes.${position}.ticketTypeId`]);
      if (t.capacity < current.seatsTaken)
        throw new AppError(
          ErrorCode.DATA_CHECK,
          {
            reason: 'capacityBelowTaken',
            fields: [`ticketTypes.${position}.capacity`],
            seatsTaken: current.seatsTaken,
          },
          { key: 'capacityBelowTaken', values: { taken: current.seatsTaken } },
        );
      await tx
        .update(eventTicketTypes)
        .set({ position, name, capacity: t.capacity, prices: t.prices, earlyPrices: t.earlyPrices, updatedAt: now })
        .where(eq(eventTicketTypes.id, current.id));
      if (t.capacity > current.capacity) raised.push(current.id);
      typeIds.push(current.id);
    }
    const dropped = existing.filter((e) => !typeIds.includes(e.id)).map((e) => e.id);
    if (dropped.length > 0) {
      const [used] = await tx
        .select({ n: count() })
        .from(eventRegistrations)
        .where(inArray(eventRegistrations.ticketTypeId, dropped));
      if ((used?.n ?? 0) > 0) throw fieldRefusal('ticketTypeInUse', ['ticketTypes']);
    }

    const sessionIds: number[] = [];
    const oldSessions = await tx.select().from(eventSessions).where(eq(eventSessions.eventId, input.eventId));
    for (const [position, s] of input.sessions.entries()) {
      const { sessionId: _id, ticketTypes, title, ...fields } = s;
      const values = {
        ...fields,
        position,
        title: { 'zh-tw': title['zh-tw'], 'en-us': title['en-us'] },
        ticketTypeIds: ticketTypes.map((p) => typeIds[p]!),
      };
      if (s.sessionId === undefined) {
        const [added] = await tx
          .insert(eventSessions)
          .values({ eventId: input.eventId, ...values })
          .returning({ id: eventSessions.id });
        sessionIds.push(added!.id);
        continue;
      }
      if (!oldSessions.some((o) => o.id === s.sessionId))
        throw fieldRefusal('sessionUnknown', [`sessions.${position}.sessionId`]);
      await tx.update(eventSessions).set(values).where(eq(eventSessions.id, s.sessionId));
      sessionIds.push(s.sessionId);
    }
    const gone = oldSessions.filter((o) => !sessionIds.includes(o.id));
    // Its credits are in the attendees' ledgers and its certificates name its day: it stays.
    if (gone.some((o) => o.creditsPostedAt)) throw fieldRefusal('sessionPosted', ['sessions']);
    const goneSessions = gone.map((o) => o.id);
    if (goneSessions.length > 0) {
      const [scanned] = await tx
        .select({ n: count() })
        .from(eventCheckIns)
        .where(inArray(eventCheckIns.sessionId, goneSessions));
      if ((scanned?.n ?? 0) > 0) throw fieldRefusal('sessionInUse', ['sessions']);
      await tx.delete(eventSessions).where(inArray(eventSessions.id, goneSessions));
    }
    if (dropped.length > 0)
      await tx
        .delete(eventTicketTypes)
        .where(and(eq(eventTicketTypes.eventId, input.eventId), notInArray(eventTicketTypes.id, typeIds)));

    let offered = 0;
    for (const ticketTypeId of raised) offered += await fillFromWaitingList(tx, ticketTypeId, input.eventId, site, now);
    const reposted = await repostChangedSessions(tx, actor, ip, oldSessions, posting);

    await recordAudit(tx, {
      actor,
      action: 'registration.setupSaved',
      ip,
      target: { type: 'event', id: input.eventId },
      before: before
        ? {
            opensAt: before.opensAt.toISOString(),
            closesAt: before.closesAt.toISOString(),
            ticketTypes: existing.map((e) => ({ id: e.id, capacity: e.capacity, prices: e.prices })),
          }
        : null,
      after: {
        opensAt: input.opensAt,
        closesAt: input.closesAt,
        ticketTypes: input.ticketTypes.map((t, i) => ({ id: typeIds[i], capacity: t.capacity, prices: t.prices })),
        sessions: sessionIds.length,
      },
      detail:
        offered > 0 || reposted.length > 0
          ? {
              ...(offered > 0 ? { offeredFromWaitingList: offered } : {}),
              ...(reposted.length > 0 ? { sessionsReposted: reposted } : {}),
            }
          : undefined,
    });
  });
  return readRegistrationSetup(actor, input.eventId);
}

/** The desk's filter as a condition on an event's registrations (their order and account joined). */
function registrationsWhere(eventId: number, filter: RegistrationFilter) {
  const like = filter.q ? containsPattern(filter.q) : null;
  return and(
    eq(eventRegistrations.eventId, eventId),
    filter.ticketTypeId === undefined ? undefined : eq(eventRegistrations.ticketTypeId, filter.ticketTypeId),
    filter.state === undefined ? undefined : eq(eventRegistrations.state, filter.state),
    filter.paid === undefined
      ? undefined
      : filter.paid === 'yes'
        ? eq(orders.status, 'paid')
        : or(isNull(orders.id), ne(orders.status, 'paid')),
    like === null
      ? undefined
      : or(
          ilike(eventRegistrations.number, like),
          ilike(accounts.nameZh, like),
          ilike(accounts.nameEn, like),
          ilike(accounts.email, like),
        ),
  );
}

/**
 * An event's registrations as the desk reads them, newest first, with their ticket type, person and
 * order: `limit` from `offset`, and (with `counted`) how many match in the same statement.
 */
export async function registrationRows(
  eventId: number,
  filter: RegistrationFilter,
  locale: Locale,
  { limit, offset = 0 }: { limit: number; offset?: number },
) {
  const { db } = (await runtime()).database;
  const rows = await db
    .select({
      reg: eventRegistrations,
      typeName: eventTicketTypes.name,
      email: accounts.email,
      nameZh: accounts.nameZh,
      nameEn: accounts.nameEn,
      orderNumber: orders.number,
      orderStatus: orders.status,
      // What its order holds: the payments counted for it, and the refunds recorded on them.
      paidAmount: sql<number>`(SELECT coalesce(sum(p.amount), 0) FROM payments p
        WHERE p.order_id = ${orders.id} AND NOT p.surplus)`.mapWith(Number),
      refunded: sql<number>`(SELECT coalesce(sum(f.amount), 0) FROM refunds f
        WHERE f.order_id = ${orders.id})`.mapWith(Number),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(eventRegistrations)
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, eventRegistrations.ticketTypeId))
    .innerJoin(accounts, eq(accounts.id, eventRegistrations.accountId))
    .leftJoin(orders, eq(orders.registrationId, eventRegistrations.id))
    .where(registrationsWhere(eventId, filter))
    .orderBy(desc(eventRegistrations.createdAt), desc(eventRegistrations.id))
    .limit(limit)
    .offset(offset);
  return {
    total: rows[0]?.total ?? 0,
    rows: rows.map(({ reg, typeName, email, nameZh, nameEn, orderNumber, orderStatus, paidAmount, refunded }) => ({
      registrationId: reg.id,
      number: reg.number,
      ticketTypeId: reg.ticketTypeId,
      ticketType: pickText(typeName, locale),
      accountId: reg.accountId,
      name: personName({ nameZh, nameEn }, locale),
      email,
      state: reg.state,
      price: reg.price,
      priceTier: reg.priceTier,
      early: reg.early,
      answers: reg.answers,
      payBy: reg.payBy?.toISOString() ?? null,
      waitingSince: reg.waitingSince?.toISOString() ?? null,
      createdAt: reg.createdAt.toISOString(),
      orderNumber,
      orderStatus,
      paid: orderStatus === 'paid',
      paidAmount: paidAmount ?? 0,
      refundDue: reg.refundDue,
      refunded: refunded ?? 0,
    })),
  };
}

/**
 * An event's registrations for the desk, newest first, filtered by ticket type, state, payment and
 * words, 50 a page: one statement (a page past the end reads the last page with a second).
 */
export async function listEventRegistrations(
  actor: Actor,
  query: RegistrationFilter & { eventId: number; page?: number | undefined },
  locale: Locale,
) {
  requireEventsDesk(actor);
  const asked = query.page ?? 1;
  let read = await registrationRows(query.eventId, query, locale, {
    limit: REGISTRATIONS_PAGE,
    offset: (asked - 1) * REGISTRATIONS_PAGE,
  });
  let page = asked;
  if (read.rows.length === 0 && asked > 1) {
    // Past the end: the count is unknown from an empty page, so read the first page's.
    const first = await registrationRows(query.eventId, query, locale, { limit: 1 });
    page = Math.max(1, Math.ceil(first.total / REGISTRATIONS_PAGE));
    read = await registrationRows(query.eventId, query, locale, {
      limit: REGISTRATIONS_PAGE,
      offset: (page - 1) * REGISTRATIONS_PAGE,
    });
  }
  return {
    rows: read.rows,
    page,
    total: read.total,
    totalPages: Math.max(1, Math.ceil(read.total / REGISTRATIONS_PAGE)),
  };
}

/** What a desk's change of a registration starts from (the desk's staff only; -6 for an unknown registration): the database and the mails' site. */
async function deskChange(actor: Actor, registrationId: number) {
  requireEventsDesk(actor);
  const { db } = (await runtime()).database;
  const [reg] = await db
    .select({ id: eventRegistrations.id })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.id, registrationId));
  if (!reg) throw new AppError(ErrorCode.NO_DATA);
  return { db, site: await mailSite() };
}

/**
 * Approves or rejects a registration (`decideRegistration`), audited in the same transaction; -6
 * for an unknown one, -10 `registrationDecided` when it is not awaiting a decision any more.
 */
export async function decideEventRegistration(
  actor: Actor,
  input: { registrationId: number; decision: 'approve' | 'reject' },
  ip: string,
): Promise<void> {
  const { db, site } = await deskChange(actor, input.registrationId);
  await db.transaction(async (tx) => {
    const before = await decideRegistration(tx, input.registrationId, input.decision, site);
    if (!before)
      throw new AppError(ErrorCode.DATA_CHECK, { reason: 'registrationDecided' }, { key: 'registrationDecided' });
    await recordAudit(tx, {
      actor,
      action: input.decision === 'approve' ? 'registration.approved' : 'registration.rejected',
      ip,
      target: { type: 'registration', id: input.registrationId },
      before: { state: before.state },
    });
  });
}

/**
 * The desk cancels an active registration (whatever the deadline): its seat to the next person
 * waiting, a paid one's refund due recorded (the event's rule on the day, or the amount given, at
 * most what was paid) for the refund desk, the registrant mailed (`cancelRegistration`), audited in
 * the same transaction. -6 for an unknown one, -10 `registrationNotCancellable` when it is not
 * active any more, -10 `refundOverPaid` for more than was paid.
 */
export async function cancelEventRegistration(actor: Actor, input: RegistrationCancelInput, ip: string) {
  const { db, site } = await deskChange(actor, input.registrationId);
  return db.transaction(async (tx) => {
    const done = await cancelRegistration(tx, input.registrationId, ACTIVE_REGISTRATION_STATES, site, {
      refund: input.refund,
    });
    if (!done)
      throw new AppError(
        ErrorCode.DATA_CHECK,
        { reason: 'registrationNotCancellable' },
        { key: 'registrationNotCancellable' },
      );
    await recordAudit(tx, {
      actor,
      action: 'registration.cancelled',
      ip,
      target: { type: 'registration', id: input.registrationId },
      before: { state: done.before.state },
      after: { state: done.after.state, refundDue: done.after.refundDue },
      detail: { number: done.after.number, ...(input.refund !== undefined ? { refundGiven: input.refund } : {}) },
    });
    return { state: done.after.state, refundDue: done.after.refundDue };
  });
}
