/**
 * The seats of an event's ticket types (decision record 041): a registration takes a seat with one
 * conditional update of its ticket type's `seats_taken` in its own transaction, or joins the ticket
 * type's waiting list; a seat freed by a cancellation, an expiry or a rejection goes to the first
 * person waiting in the same transaction (`release`), or back to the ticket type.
 *
 * Locks, in this order wherever several are taken (PostgreSQL; the embedded database runs one
 * transaction at a time): the `registration` number sequence, the ticket type's row, the order's
 * row, the registration's row, the `order` number sequence. `receiveMoney` takes the order's row
 * before the registration's, as `release` does.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { taipeiDate } from '../../../lib/calendar-date';
import { refundOf } from '../../../lib/registrations/refund';
import { ErrorCode } from '../../../lib/error-codes';
import { type I18nText, pickText } from '../../../lib/i18n-text';
import { isLocale, type Locale } from '../../../lib/locales';
import { formatNumber } from '../../../lib/numbering';
import { localePath } from '../../../lib/paths';
import { personName } from '../../../lib/validators/name';
import { AppError } from '../../app-error';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import {
  accounts,
  eventRegistrations,
  eventRegistrationSetups,
  events,
  eventTicketTypes,
  orders,
  type RegistrationAnswers,
  type RegistrationQuestions,
  type RegistrationState,
  SEAT_STATES,
} from '../../db/schema';
import type { MailMessage } from '../../integrations/mail/mailer';
import { type EnqueueOptions, enqueueMail, kickMail, outboxInsert } from '../../integrations/mail/outbox';
import { registrationNotice, type RegistrationNotice, TICKET_NOTICES } from '../../integrations/mail/templates';
import { runtime } from '../../runtime';
import { mailSite, type MailSite } from '../mail/mail-site';
import { formatNumberInSql, numberInStatement } from '../numbering';
import { createOrder, ORDER_NUMBER } from '../payments/orders';
import { priceClassOf, ticketPrice } from './pricing';
import { ticketPath } from './ticket';
import { paidFor, registrationView } from './view';

export type RegistrationRow = typeof eventRegistrations.$inferSelect;
export type SetupRow = typeof eventRegistrationSetups.$inferSelect;
export type TicketTypeRow = typeof eventTicketTypes.$inferSelect;
type EventRow = typeof events.$inferSelect;

/** Where a registrant follows their registrations (the mails' button); each order is paid on /member/payment. */
export const MY_REGISTRATIONS_PATH = '/member/registrations';

/** What a person sends to register: the ticket type, the price their page showed, their answers. */
export interface RegisterInput {
  ticketTypeId: number;
  expectedPrice: number;
  answers: RegistrationAnswers;
}

const refusal = (
  code: (typeof ErrorCode)[keyof typeof ErrorCode],
  reason: string,
  data: Record<string, unknown> = {},
) => new AppError(code, { reason, ...data }, { key: reason });

/** A new ticket's secret: 32 random bytes, base64url, never derived from the registration's number. */
export function newTicketToken(): string {
  return randomBytes(32).toString('base64url');
}

/** An event whose registration is set up, with its setup; -18 for an unknown, unpublished or unset event. */
export async function eventWithSetup(
  executor: Executor,
  eventId: number,
): Promise<{ event: EventRow; setup: SetupRow }> {
  const [row] = await executor
    .select({ event: events, setup: eventRegistrationSetups })
    .from(eventRegistrationSetups)
    .innerJoin(events, eq(events.id, eventRegistrationSetups.eventId))
    .where(eq(eventRegistrationSetups.eventId, eventId));
  if (!row || !row.event.publishedAt || row.event.publishedAt > new Date()) throw new AppError(ErrorCode.NO_ACTIVITY);
  return row;
}

/**
 * An event with its registration setup and ticket types, as registering reads them: kept in the
 * memo (saving a setup or an event is a content change, which empties it in every process), so a
 * rush of registrations reads none of it from the database. Its seat counts are not for reading:
 * the seats are taken in the database (`seatOrWait`). -18 for an event without a setup.
 */
async function setupForRegistering(
  eventId: number,
): Promise<{ event: EventRow; setup: SetupRow; types: TicketTypeRow[] }> {
  const rt = await runtime();
  return rt.cache.get(`event-registering:${eventId}`, async () => {
    const { db } = rt.database;
    const rows = await db
      .select({ event: events, setup: eventRegistrationSetups, type: eventTicketTypes })
      .from(eventRegistrationSetups)
      .innerJoin(events, eq(events.id, eventRegistrationSetups.eventId))
      .leftJoin(eventTicketTypes, eq(eventTicketTypes.eventId, eventRegistrationSetups.eventId))
      .where(eq(eventRegistrationSetups.eventId, eventId));
    const first = rows[0];
    if (!first) throw new AppError(ErrorCode.NO_ACTIVITY);
    const types = rows.flatMap(({ type }) => (type ? [type] : []));
    return { event: first.event, setup: first.setup, types };
  });
}

/** The required questions left unanswered (blank counts as unanswered). */
export function missingAnswers(questions: RegistrationQuestions, answers: RegistrationAnswers): string[] {
  const blank = (value: string | undefined) => !value || value.trim() === '';
  const missing: string[] = [];
  if (questions.diet === 'required' && blank(answers.diet)) missing.push('answers.diet');
  if (questions.receipt === 'required') {
    if (blank(answers.receiptTitle)) missing.push('answers.receiptTitle');
    if (blank(answers.businessNo)) missing.push('answers.businessNo');
  }
  if (questions.freeText === 'required' && blank(answers.freeText)) missing.push('answers.freeText');
  return missing;
}

/** Only the answers to the questions asked are kept. */
function askedAnswers(questions: RegistrationQuestions, answers: RegistrationAnswers): RegistrationAnswers {
  const kept: RegistrationAnswers = {};
  if (questions.diet !== 'off' && answers.diet) kept.diet = answers.diet.trim();
  if (questions.receipt !== 'off') {
    if (answers.receiptTitle) kept.receiptTitle = answers.receiptTitle.trim();
    if (answers.businessNo) kept.businessNo = answers.businessNo.trim();
  }
  if (questions.freeText !== 'off' && answers.freeText) kept.freeText = answers.freeText.trim();
  return kept;
}

/** The one conditional update that takes a seat: never past the capacity. */
async function takeSeatNow(tx: Executor, ticketTypeId: number): Promise<boolean> {
  const taken = await tx
    .update(eventTicketTypes)
    .set({ seatsTaken: sql`${eventTicketTypes.seatsTaken} + 1` })
    .where(and(eq(eventTicketTypes.id, ticketTypeId), lt(eventTicketTypes.seatsTaken, eventTicketTypes.capacity)))
    .returning({ id: eventTicketTypes.id });
  return taken.length > 0;
}

/** Locks a ticket type's row until the transaction ends (a no-op on the embedded database, which runs one transaction at a time). */
async function lockTicketType(tx: Executor, ticketTypeId: number): Promise<void> {
  await tx
    .select({ id: eventTicketTypes.id })
    .from(eventTicketTypes)
    .where(eq(eventTicketTypes.id, ticketTypeId))
    .for('update');
}

/** The state a registration holding a seat starts in: approval first, then payment unless free. */
function seatState(setup: SetupRow, price: number): RegistrationState {
  if (setup.needsApproval) return 'awaitingApproval';
  return price === 0 ? 'confirmed' : 'awaitingPayment';
}

/** Hours from now, never past the event's start. */
function deadline(now: Date, hours: number, event: EventRow): Date {
  return new Date(Math.min(now.getTime() + hours * 3_600_000, event.startsAt.getTime()));
}

/** What an order for a registration says it is for, in both languages. */
function orderDescription(event: EventRow, type: TicketTypeRow): I18nText {
  return {
    'zh-tw': `${pickText(event.title, 'zh-tw')}（${pickText(type.name, 'zh-tw')}）報名費`,
    'en-us': `Registration: ${pickText(event.title, 'en-us')} (${pickText(type.name, 'en-us')})`,
  };
}

/** The order that pays for a registration awaiting payment, due when the registration's seat is released. */
async function orderFor(tx: Executor, reg: RegistrationRow, event: EventRow, type: TicketTypeRow): Promise<void> {
  const description = orderDescription(event, type);
  await createOrder(tx, {
    payer: { kind: 'individual', id: reg.accountId },
    applicationId: null,
    registrationId: reg.id,
    description,
    items: [{ kind: 'registration', description, amount: reg.price }],
    dueAt: reg.payBy!,
  });
}

/** A registration's number, from its row's id: `G2026-000123` (the year the society's, when it was made). */
export const REGISTRATION_NUMBER = 'G{yyyy}-{seq:6}';

/**
 * The id a new registration will have, and its number from that id: taken from the table's own
 * sequence before the row is written (a refused registration leaves a gap), so no counter row is
 * shared by every registration of the site.
 */
export async function newRegistrationId(executor: Executor, day: string): Promise<{ id: number; number: string }> {
  const result = await executor.execute<{ id: string | number }>(
    sql`SELECT nextval(pg_get_serial_sequence('event_registrations', 'id')) AS id`,
  );
  const id = Number(result.rows[0]!.id);
  return { id, number: formatNumber(REGISTRATION_NUMBER, { year: Number(day.slice(0, 4)), seq: id }) };
}

/**
 * Registers the signed-in individual for a ticket type of an event, at the server's price: a seat
 * if one is left (confirmed at once when free and not reviewed; awaiting approval; or awaiting
 * payment, with its order), else a place on the waiting list. Refused: an unknown event (-18),
 * registration not open or closed (-10), a ticket type not of this event (-6), a required answer
 * missing (-10, the fields), a price other than the page showed (-10 `priceChanged`, the price in
 * `data`), a second active registration for the ticket type (-13).
 *
 * What it reads is asked at once; what it writes is one statement (`seatOrWait`), so a rush of
 * registrations holds the database, and the ticket type's row, for as short a time as it can.
 */
export async function register(actor: Actor, eventId: number, input: RegisterInput, locale: Locale) {
  if (actor.account.userType !== 'individual') throw new AppError(ErrorCode.NO_PERMISSION);
  const { db } = (await runtime()).database;
  const now = new Date();
  const day = taipeiDate(now);
  // Both from memory once warm: the setup from the memo, the member class from the session's account.
  const [{ event, setup, types }, classCode] = await Promise.all([
    setupForRegistering(eventId),
    priceClassOf(actor, day),
  ]);
  if (!event.publishedAt || event.publishedAt > now) throw new AppError(ErrorCode.NO_ACTIVITY);
  if (now < setup.opensAt) throw refusal(ErrorCode.DATA_CHECK, 'registrationNotOpen');
  if (now >= setup.closesAt || now >= event.startsAt) throw refusal(ErrorCode.DATA_CHECK, 'registrationClosed');
  const type = types.find((t) => t.id === input.ticketTypeId);
  if (!type) throw refusal(ErrorCode.NO_DATA, 'ticketTypeUnknown');
  const missing = missingAnswers(setup.questions, input.answers);
  if (missing.length > 0) throw refusal(ErrorCode.DATA_CHECK, 'answerRequired', { fields: missing });
  const price = ticketPrice(type, classCode, setup.earlyBirdUntil, now);
  if (price.price !== input.expectedPrice)
    throw new AppError(
      ErrorCode.DATA_CHECK,
      { reason: 'priceChanged', price: price.price },
      { key: 'priceChanged', values: { price: price.price } },
    );
  const seated = seatState(setup, price.price);
  // The ticket's mail names the registration's number, so a registration confirmed at once takes its id first.
  const slot = seated === 'confirmed' ? await newRegistrationId(db, day) : { id: 0, number: '' };
  const reg: RegistrationRow = {
    ...slot,
    eventId,
    ticketTypeId: type.id,
    accountId: actor.accountId,
    state: seated,
    price: price.price,
    priceTier: price.tier,
    priceClass: price.classCode,
    early: price.early,
    answers: askedAnswers(setup.questions, input.answers),
    ticketToken: newTicketToken(),
    payBy: seated === 'awaitingPayment' ? deadline(now, setup.payHours, event) : null,
    waitingSince: null,
    confirmedAt: seated === 'confirmed' ? now : null,
    cancelledAt: null,
    refundDue: null,
    createdAt: now,
    updatedAt: now,
  };
  // A free registration without review is confirmed at once and mailed its ticket in the same statement.
  const ticketMail =
    seated === 'confirmed'
      ? registrationMail(reg, 'confirmed', await mailSite(), { event, type }, actor.account as RegistrantRow)
      : null;
  try {
    const written = await seatOrWait(db, reg, {
      order: seated === 'awaitingPayment' ? orderDescription(event, type) : null,
      mail: ticketMail,
      year: Number(day.slice(0, 4)),
      now,
    });
    if (written.mailId !== null) kickMail(written.mailId);
    const waiting = written.state === 'waiting';
    return registrationView(
      {
        ...reg,
        id: written.id,
        number: written.number,
        state: written.state,
        payBy: waiting ? null : reg.payBy,
        confirmedAt: waiting ? null : reg.confirmedAt,
        waitingSince: waiting ? now : null,
      },
      {
        title: event.title,
        startsAt: event.startsAt,
        cancelUntil: setup.cancelUntil,
        refundRule: setup.refundRule,
        typeName: type.name,
        orderId: written.orderId,
        orderPending: true,
        waitingPosition: written.waitingPosition,
        certificate: false,
      },
      locale,
      now,
    );
  } catch (error) {
    // A second active registration of one person for the ticket type (at once or not): the partial unique index lets one in.
    if (isUniqueViolation(error)) throw refusal(ErrorCode.DUPLICATE, 'alreadyRegistered');
    throw error;
  }
}

/**
 * Writes a new registration in one statement: takes a seat of its ticket type if one is left
 * (then the registration is `reg.state`, with its order when it awaits payment and its mail when
 * it is confirmed), else puts it on the waiting list (`waiting_since` now, no order, no mail).
 *
 * The ticket type's row is locked first (`FOR UPDATE`, a no-op on the embedded database, which
 * runs one statement at a time), and the seat is taken from the row as locked: so on PostgreSQL a
 * seat given back by a `release` committing meanwhile is seen (READ COMMITTED re-reads the row
 * the lock waited for), a `release` that follows sees this registration waiting, and the counter
 * never passes the capacity.
 */
async function seatOrWait(
  executor: Executor,
  reg: RegistrationRow,
  extra: { order: I18nText | null; mail: (MailMessage & EnqueueOptions) | null; year: number; now: Date },
): Promise<{
  id: number;
  number: string;
  state: RegistrationState;
  orderId: number | null;
  waitingPosition: number | null;
  mailId: number | null;
}> {
  const { now } = extra;
  const orderNumber = numberInStatement('order', ORDER_NUMBER, { year: now.getUTCFullYear() });
  const ts = (value: Date | null) => (value ? sql`${value.toISOString()}::timestamptz` : sql`NULL::timestamptz`);
  type Written = {
    id: number;
    number: string;
    state: RegistrationState;
    order_id: number | null;
    position: number | null;
    mail_id: number | null;
  };
  const result = await executor.execute<Written>(sql`
    WITH slot AS (
      SELECT COALESCE(${reg.id || null}::integer, nextval(pg_get_serial_sequence('event_registrations', 'id'))::integer) AS id
    ), locked AS (
      SELECT id, seats_taken < capacity AS free FROM event_ticket_types WHERE id = ${reg.ticketTypeId} FOR UPDATE
    ), seat AS (
      UPDATE event_ticket_types t SET seats_taken = t.seats_taken + 1 FROM locked
      WHERE t.id = locked.id AND locked.free AND t.seats_taken < t.capacity
      RETURNING t.id
    ), reg AS (
      INSERT INTO event_registrations (id, number, event_id, ticket_type_id, account_id, state, price, price_tier,
        price_class, early, answers, ticket_token, pay_by, waiting_since, confirmed_at, created_at, updated_at)
      SELECT slot.id, ${formatNumberInSql(REGISTRATION_NUMBER, { year: extra.year }, sql`slot.id`)}, ${reg.eventId}, ${reg.ticketTypeId}, ${reg.accountId},
        CASE WHEN s.seated THEN ${reg.state} ELSE 'waiting' END, ${reg.price}, ${reg.priceTier}, ${reg.priceClass},
        ${reg.early}, ${JSON.stringify(reg.answers)}::jsonb, ${reg.ticketToken},
        CASE WHEN s.seated THEN ${ts(reg.payBy)} END, CASE WHEN s.seated THEN NULL ELSE ${ts(now)} END,
        CASE WHEN s.seated THEN ${ts(reg.confirmedAt)} END, ${ts(now)}, ${ts(now)}
      FROM slot, (SELECT EXISTS (SELECT 1 FROM seat) AS seated) s
      RETURNING id, number, state
    ), counter AS (
      ${orderNumber.counter(sql`${extra.order !== null} AND EXISTS (SELECT 1 FROM reg WHERE state = 'awaitingPayment')`)}
    ), ord AS (
      INSERT INTO orders (number, account_id, registration_id, description, amount, due_at, created_at, updated_at)
      SELECT ${orderNumber.format(sql`counter.value`)}, ${reg.accountId}, reg.id,
        ${JSON.stringify(extra.order)}::jsonb, ${reg.price}, ${ts(reg.payBy)}, ${ts(now)}, ${ts(now)}
      FROM counter, reg
      RETURNING id
    ), item AS (
      INSERT INTO order_items (order_id, kind, description, amount)
      SELECT ord.id, 'registration', ${JSON.stringify(extra.order)}::jsonb, ${reg.price} FROM ord
    ), mail AS (
      ${outboxInsert(extra.mail, sql`EXISTS (SELECT 1 FROM reg WHERE state = 'confirmed')`)}
    )
    SELECT reg.id, reg.number, reg.state, (SELECT id FROM ord) AS order_id, (SELECT id FROM mail) AS mail_id,
      CASE WHEN reg.state = 'waiting' THEN (SELECT count(*)::int + 1 FROM event_registrations
        WHERE ticket_type_id = ${reg.ticketTypeId} AND state = 'waiting') END AS position
    FROM reg`);
  const row = result.rows[0]!;
  const n = (value: number | null) => (value === null ? null : Number(value));
  return {
    id: Number(row.id),
    number: row.number,
    state: row.state,
    orderId: n(row.order_id),
    waitingPosition: n(row.position),
    mailId: n(row.mail_id),
  };
}

/** The event and ticket type a registration's mail names. */
async function namesOf(tx: Executor, ticketTypeId: number): Promise<{ event: EventRow; type: TicketTypeRow }> {
  const [names] = await tx
    .select({ event: events, type: eventTicketTypes })
    .from(eventTicketTypes)
    .innerJoin(events, eq(events.id, eventTicketTypes.eventId))
    .where(eq(eventTicketTypes.id, ticketTypeId));
  return names!;
}

/** Who hears about a registration, and in which language. */
async function registrantOf(tx: Executor, accountId: number) {
  const [person] = await tx
    .select({
      email: accounts.email,
      nameZh: accounts.nameZh,
      nameEn: accounts.nameEn,
      preferredLocale: accounts.preferredLocale,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return person!;
}

/** What a registration's mail needs of its registrant. */
type RegistrantRow = Pick<typeof accounts.$inferSelect, 'email' | 'nameZh' | 'nameEn' | 'preferredLocale'>;

/**
 * A mail about a registration, in the registrant's language (null when they have no address). A
 * confirmation (`TICKET_NOTICES`) carries the ticket: its address on the configured site and its
 * QR code.
 */
function registrationMail(
  reg: RegistrationRow,
  notice: RegistrationNotice,
  site: MailSite,
  names: { event: EventRow; type: TicketTypeRow },
  person: RegistrantRow,
): (MailMessage & EnqueueOptions) | null {
  if (!person.email) return null;
  const locale: Locale = isLocale(person.preferredLocale) ? person.preferredLocale : 'zh-tw';
  const mail = registrationNotice({
    siteName: site.siteName[locale],
    locale,
    name: personName(person, locale),
    notice,
    event: pickText(names.event.title, locale),
    ticketType: pickText(names.type.name, locale),
    number: reg.number,
    ...(notice === 'seatOffered' || notice === 'approvedToPay' ? { amount: reg.price, payBy: reg.payBy } : {}),
    ...(notice === 'cancelled' && reg.refundDue !== null ? { refund: reg.refundDue } : {}),
    ...((TICKET_NOTICES as readonly RegistrationNotice[]).includes(notice)
      ? {
          ticket: {
            url: site.origin + ticketPath(reg.ticketToken, locale),
            startsAt: names.event.startsAt,
            endsAt: names.event.endsAt,
            place: names.event.place ? pickText(names.event.place, locale) || null : null,
          },
        }
      : {}),
    url: site.origin + localePath(MY_REGISTRATIONS_PATH, locale),
  });
  return {
    to: person.email,
    ...mail,
    locale,
    kind: `registration.${notice}`,
    eraseAfter: new Date(Date.now() + 30 * 86_400_000),
  };
}

/**
 * Puts a mail about a registration in the outbox (`registrationMail`) in the caller's
 * transaction: so a mail goes exactly when the change it tells of commits, once. The event and
 * ticket type are read when the caller has not `known` them.
 */
export async function notifyRegistrant(
  tx: Executor,
  reg: RegistrationRow,
  notice: RegistrationNotice,
  site: MailSite,
  known?: { event: EventRow; type: TicketTypeRow },
): Promise<void> {
  const names = known ?? (await namesOf(tx, reg.ticketTypeId));
  const mail = registrationMail(reg, notice, site, names, await registrantOf(tx, reg.accountId));
  if (!mail) return;
  const { kind, eraseAfter, ...message } = mail;
  await enqueueMail(tx, message, { kind, eraseAfter });
}

/**
 * Moves a registration out (cancelled, expired, rejected) from one of the states `from`, in the
 * caller's transaction, and passes on its seat if it held one: to the first person waiting for the
 * ticket type (a seat offered, mailed), or back to the ticket type. Its unpaid order is closed, so
 * money that still arrives is surplus. Answers the registration as it was, or null when it was no
 * longer in one of the states `from` (someone else moved it first: nothing changed).
 */
export async function release(
  tx: Executor,
  registrationId: number,
  from: readonly RegistrationState[],
  to: 'cancelled' | 'expired' | 'rejected',
  site: MailSite,
  now = new Date(),
): Promise<RegistrationRow | null> {
  const [first] = await tx
    .select({ ticketTypeId: eventRegistrations.ticketTypeId })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.id, registrationId));
  if (!first) return null;
  await lockTicketType(tx, first.ticketTypeId);
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.registrationId, registrationId)).for('update');
  const [reg] = await tx
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.id, registrationId))
    .for('update');
  if (!reg || !from.includes(reg.state)) return null;
  await tx
    .update(eventRegistrations)
    .set({ state: to, payBy: null, cancelledAt: now, updatedAt: now })
    .where(eq(eventRegistrations.id, reg.id));
  await tx
    .update(orders)
    .set({ status: to === 'expired' ? 'expired' : 'cancelled', updatedAt: now })
    .where(and(eq(orders.registrationId, reg.id), eq(orders.status, 'pending')));
  if ((SEAT_STATES as readonly RegistrationState[]).includes(reg.state)) await passSeat(tx, reg, site, now);
  return reg;
}

/** A freed seat (its ticket type's row locked): to the first person waiting, else back to the ticket type. */
async function passSeat(tx: Executor, freed: RegistrationRow, site: MailSite, now: Date): Promise<void> {
  if (!(await offerToFirstWaiting(tx, freed.ticketTypeId, freed.eventId, site, now)))
    await giveBackSeat(tx, freed.ticketTypeId);
}

async function giveBackSeat(tx: Executor, ticketTypeId: number): Promise<void> {
  await tx
    .update(eventTicketTypes)
    .set({ seatsTaken: sql`${eventTicketTypes.seatsTaken} - 1` })
    .where(eq(eventTicketTypes.id, ticketTypeId));
}

/**
 * Hands a seat already counted in `seats_taken` to the first person waiting for the ticket type
 * (its row locked), mailed; answers false when no one waits or the event has begun (no offer is
 * made for a time past its start), and the caller gives the seat back.
 */
async function offerToFirstWaiting(
  tx: Executor,
  ticketTypeId: number,
  eventId: number,
  site: MailSite,
  now: Date,
): Promise<boolean> {
  const [found] = await tx
    .select({ event: events, setup: eventRegistrationSetups, type: eventTicketTypes })
    .from(eventTicketTypes)
    .innerJoin(events, eq(events.id, eventTicketTypes.eventId))
    .innerJoin(eventRegistrationSetups, eq(eventRegistrationSetups.eventId, eventId))
    .where(eq(eventTicketTypes.id, ticketTypeId));
  if (!found || now >= found.event.startsAt) return false;
  const { event, setup, type } = found;
  const [next] = await tx
    .select()
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.ticketTypeId, ticketTypeId), eq(eventRegistrations.state, 'waiting')))
    .orderBy(asc(eventRegistrations.waitingSince), asc(eventRegistrations.id))
    .limit(1)
    .for('update');
  if (!next) return false;
  const state = seatState(setup, next.price);
  const [offered] = await tx
    .update(eventRegistrations)
    .set({
      state,
      payBy: state === 'awaitingPayment' ? deadline(now, setup.offerHours, event) : null,
      confirmedAt: state === 'confirmed' ? now : null,
      updatedAt: now,
    })
    .where(eq(eventRegistrations.id, next.id))
    .returning();
  if (state === 'awaitingPayment') await orderFor(tx, offered!, event, type);
  if (state !== 'awaitingApproval')
    await notifyRegistrant(tx, offered!, state === 'confirmed' ? 'seatConfirmed' : 'seatOffered', site, {
      event,
      type,
    });
  return true;
}

/**
 * After a ticket type's capacity rose (its row locked): each free seat to the next person waiting,
 * until the seats or the list run out. Answers how many were offered.
 */
export async function fillFromWaitingList(
  tx: Executor,
  ticketTypeId: number,
  eventId: number,
  site: MailSite,
  now = new Date(),
): Promise<number> {
  let offered = 0;
  while (await takeSeatNow(tx, ticketTypeId)) {
    if (!(await offerToFirstWaiting(tx, ticketTypeId, eventId, site, now))) {
      await giveBackSeat(tx, ticketTypeId);
      break;
    }
    offered += 1;
  }
  return offered;
}

/** A registration with its event, the event's setup and its ticket type; undefined for an unknown one. */
async function registrationWithSetup(tx: Executor, registrationId: number) {
  const [found] = await tx
    .select({ reg: eventRegistrations, event: events, setup: eventRegistrationSetups, type: eventTicketTypes })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .innerJoin(eventRegistrationSetups, eq(eventRegistrationSetups.eventId, eventRegistrations.eventId))
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, eventRegistrations.ticketTypeId))
    .where(eq(eventRegistrations.id, registrationId));
  return found;
}

/**
 * The staff's decision on a registration awaiting approval, in the caller's transaction: approved,
 * it keeps its seat and is confirmed (free) or awaits payment (its order, `pay_by` from now);
 * rejected, it leaves through `release` (its seat to the next person waiting). A person waiting may
 * be rejected too. The registrant is mailed. Answers the registration as it was, or null when it
 * was no longer to be decided (nothing changed).
 */
export async function decideRegistration(
  tx: Executor,
  registrationId: number,
  decision: 'approve' | 'reject',
  site: MailSite,
  now = new Date(),
): Promise<RegistrationRow | null> {
  const found = await registrationWithSetup(tx, registrationId);
  if (!found) return null;
  const { event, setup, type } = found;
  if (decision === 'reject') {
    const reg = await release(tx, registrationId, ['awaitingApproval', 'waiting'], 'rejected', site, now);
    if (reg) await notifyRegistrant(tx, reg, 'rejected', site, { event, type });
    return reg;
  }
  const state = found.reg.price === 0 ? 'confirmed' : 'awaitingPayment';
  const [approved] = await tx
    .update(eventRegistrations)
    .set({
      state,
      payBy: state === 'awaitingPayment' ? deadline(now, setup.payHours, event) : null,
      confirmedAt: state === 'confirmed' ? now : null,
      updatedAt: now,
    })
    .where(and(eq(eventRegistrations.id, registrationId), eq(eventRegistrations.state, 'awaitingApproval')))
    .returning();
  if (!approved) return null;
  if (state === 'awaitingPayment') await orderFor(tx, approved, event, type);
  await notifyRegistrant(tx, approved, state === 'confirmed' ? 'approved' : 'approvedToPay', site, { event, type });
  return found.reg;
}

/**
 * Confirms the registration an order pays for, in `receiveMoney`'s transaction, once: only from
 * `awaitingPayment` (an expired or cancelled registration's order was closed, so its money is
 * surplus). The registrant is mailed the ticket in the same transaction, so payments reported at
 * once (whose conditional updates let one through) mail it once.
 */
export async function confirmPaidRegistration(
  tx: Executor,
  registrationId: number,
  site: MailSite,
  now = new Date(),
): Promise<boolean> {
  const [moved] = await tx
    .update(eventRegistrations)
    .set({ state: 'confirmed', payBy: null, confirmedAt: now, updatedAt: now })
    .where(and(eq(eventRegistrations.id, registrationId), eq(eventRegistrations.state, 'awaitingPayment')))
    .returning();
  if (!moved) return false;
  await notifyRegistrant(tx, moved, 'confirmed', site);
  return true;
}

/**
 * Cancels a registration from one of the states `from`, in the caller's transaction, through
 * `release` (its seat to the first person waiting): a paid one (confirmed, a price) records the
 * refund due, the event's refund rule on the day (`refundOf`) unless `refund` gives another amount
 * (never more than was paid: -10 `refundTooMuch`, nothing written). The registrant is mailed, with
 * the refund when one was paid. Answers the registration as it was and as it is, or null when it was
 * no longer in one of the states `from` (nothing changed).
 */
export async function cancelRegistration(
  tx: Executor,
  registrationId: number,
  from: readonly RegistrationState[],
  site: MailSite,
  { refund, now = new Date() }: { refund?: number | undefined; now?: Date } = {},
): Promise<{ before: RegistrationRow; after: RegistrationRow } | null> {
  const found = await registrationWithSetup(tx, registrationId);
  if (!found) return null;
  const { event, setup, type } = found;
  const before = await release(tx, registrationId, from, 'cancelled', site, now);
  if (!before) return null;
  const paid = paidFor(before);
  if (refund !== undefined && refund > paid)
    throw new AppError(
      ErrorCode.DATA_CHECK,
      { reason: 'refundOverPaid', fields: ['refund'], paid },
      { key: 'refundOverPaid', values: { paid } },
    );
  const due =
    paid > 0
      ? (refund ?? refundOf(paid, setup.refundRule, now, event.startsAt, setup.cancelUntil ?? event.startsAt))
      : null;
  const [after] = await tx
    .update(eventRegistrations)
    .set({ refundDue: due })
    .where(eq(eventRegistrations.id, registrationId))
    .returning();
  await notifyRegistrant(tx, after!, 'cancelled', site, { event, type });
  return { before, after: after! };
}
