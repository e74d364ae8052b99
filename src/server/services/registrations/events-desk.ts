/**
 * The events desk's pages (staff: `events`, `admin`; issue 47): the events with their registration
 * state and seats, one event's desk (its ticket types counted, its registrations, its waiting list,
 * the check-ins per session) and the registrations exported. Each read is one statement.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { taipeiDate } from '../../../lib/calendar-date';
import { type I18nText, pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import type { RefundSteps } from '../../../lib/registrations/refund';
import type { RegistrationState } from '../../../lib/registrations/states';
import type { DeskEventsQuery, DeskEventState, RegistrationFilter } from '../../../lib/schemas/registrations';
import { personName } from '../../../lib/validators/name';
import type { Actor } from '../../auth/sessions';
import { accounts, eventRegistrations, events, eventTicketTypes } from '../../db/schema';
import { matchesSearch } from '../search/match-search';
import { runtime } from '../../runtime';
import { recordAudit } from '../accounts/audit';
import { drawBadges } from '../documents/draw-documents';
import { societyName } from '../documents/issue-documents';
import { type TableFile, tableFile } from '../imports/table-file';
import { registrationRows, requireEventsDesk } from './desk';
import { ticketUrl } from './ticket';

/** Events a page of the desk's list shows. */
export const DESK_EVENTS_PAGE = 50;
/** People of the waiting list the desk shows (the list's head; the registrations filter shows them all). */
export const WAITING_SHOWN = 200;
/** The most registrations one export holds (narrow the filter for more). */
export const REGISTRATIONS_EXPORT_MAX = 20_000;

const SEAT_STATES_SQL = sql`('awaitingApproval', 'awaitingPayment', 'confirmed')`;
const num = (value: unknown) => Number(value ?? 0);
const iso = (value: unknown) => new Date(value as string).toISOString();

export interface DeskEvent {
  eventId: number;
  title: string;
  startsAt: string;
  endsAt: string;
  published: boolean;
  state: DeskEventState;
  opensAt: string | null;
  closesAt: string | null;
  capacity: number;
  taken: number;
  waiting: number;
  upcoming: boolean;
}

/**
 * The events with their registration state (none set up, opening later, open, closed), seats taken
 * of the capacity and people waiting: those not yet ended first (soonest first), then the past
 * (latest first); filtered by words in the title and text (as site search matches them,
 * `matchesSearch`), the state and upcoming or past; 50 a page.
 */
export async function listDeskEvents(actor: Actor, query: DeskEventsQuery, locale: Locale, now = new Date()) {
  requireEventsDesk(actor);
  const where: SQL[] = [sql`true`];
  const words = matchesSearch('event', query.q, sql`e.id`);
  if (words) where.push(words);
  if (query.state) where.push(sql`state = ${query.state}`);
  if (query.when) where.push(query.when === 'upcoming' ? sql`upcoming` : sql`NOT upcoming`);
  const page = query.page ?? 1;
  const at = now.toISOString();
  const { db } = (await runtime()).database;
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT * , count(*) OVER () AS total FROM (
      SELECT e.id, e.title, e.starts_at, e.ends_at, e.published_at IS NOT NULL AS published,
        s.opens_at, s.closes_at, e.ends_at >= ${at}::timestamptz AS upcoming,
        CASE WHEN s.event_id IS NULL THEN 'none' WHEN ${at}::timestamptz < s.opens_at THEN 'opens'
          WHEN ${at}::timestamptz < s.closes_at THEN 'open' ELSE 'closed' END AS state,
        (SELECT coalesce(sum(t.capacity), 0) FROM event_ticket_types t WHERE t.event_id = e.id) AS capacity,
        (SELECT coalesce(sum(t.seats_taken), 0) FROM event_ticket_types t WHERE t.event_id = e.id) AS taken,
        (SELECT count(*) FROM event_registrations r WHERE r.event_id = e.id AND r.state = 'waiting') AS waiting
      FROM events e LEFT JOIN event_registration_setups s ON s.event_id = e.id
    ) e
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY upcoming DESC, CASE WHEN upcoming THEN starts_at END ASC, starts_at DESC, id DESC
    LIMIT ${DESK_EVENTS_PAGE} OFFSET ${(page - 1) * DESK_EVENTS_PAGE}`);
  const total = num(result.rows[0]?.total);
  return {
    total,
    page,
    totalPages: Math.max(1, Math.ceil(total / DESK_EVENTS_PAGE)),
    rows: result.rows.map((r): DeskEvent => ({
      eventId: num(r.id),
      title: pickText(r.title as I18nText, locale),
      startsAt: iso(r.starts_at),
      endsAt: iso(r.ends_at),
      published: r.published === true,
      state: r.state as DeskEventState,
      opensAt: r.opens_at ? iso(r.opens_at) : null,
      closesAt: r.closes_at ? iso(r.closes_at) : null,
      capacity: num(r.capacity),
      taken: num(r.taken),
      waiting: num(r.waiting),
      upcoming: r.upcoming === true,
    })),
  };
}

export interface DeskTicketType {
  ticketTypeId: number;
  name: string;
  capacity: number;
  taken: number;
  waiting: number;
  /** NT$ received on the paid orders of its registrations. */
  paidTotal: number;
  paidCount: number;
}

/**
 * One event's head for the desk: its title and dates, its registration (null: not set up) and each
 * ticket type counted (seats, waiting, paid): one statement; null for an unknown event.
 */
export async function readDeskEvent(actor: Actor, eventId: number, locale: Locale, now = new Date()) {
  requireEventsDesk(actor);
  const at = now.toISOString();
  const { db } = (await runtime()).database;
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT e.id, e.title, e.starts_at, e.ends_at, s.opens_at, s.closes_at, s.needs_approval, s.cancel_until,
      s.refund_rule,
      CASE WHEN s.event_id IS NULL THEN 'none' WHEN ${at}::timestamptz < s.opens_at THEN 'opens'
        WHEN ${at}::timestamptz < s.closes_at THEN 'open' ELSE 'closed' END AS state,
      (SELECT coalesce(json_agg(json_build_object('ticketTypeId', t.id, 'name', t.name, 'capacity', t.capacity,
          'taken', t.seats_taken,
          'waiting', (SELECT count(*) FROM event_registrations r WHERE r.ticket_type_id = t.id AND r.state = 'waiting'),
          'paidTotal', (SELECT coalesce(sum(o.amount), 0) FROM orders o JOIN event_registrations r ON r.id = o.registration_id
            WHERE r.ticket_type_id = t.id AND o.status = 'paid'),
          'paidCount', (SELECT count(*) FROM orders o JOIN event_registrations r ON r.id = o.registration_id
            WHERE r.ticket_type_id = t.id AND o.status = 'paid')) ORDER BY t.position), '[]'::json)
        FROM event_ticket_types t WHERE t.event_id = e.id) AS types
    FROM events e LEFT JOIN event_registration_setups s ON s.event_id = e.id
    WHERE e.id = ${eventId}`);
  const r = result.rows[0];
  if (!r) return null;
  const types = (typeof r.types === 'string' ? JSON.parse(r.types) : r.types) as (Omit<DeskTicketType, 'name'> & {
    name: I18nText;
  })[];
  return {
    eventId,
    title: pickText(r.title as I18nText, locale),
    startsAt: iso(r.starts_at),
    endsAt: iso(r.ends_at),
    state: r.state as DeskEventState,
    opensAt: r.opens_at ? iso(r.opens_at) : null,
    closesAt: r.closes_at ? iso(r.closes_at) : null,
    needsApproval: r.needs_approval === true,
    /** Until when registrants cancel themselves (the deadline, else the start); the desk cancels after it too. */
    cancelUntil: r.cancel_until ? iso(r.cancel_until) : iso(r.starts_at),
    refundRule: (typeof r.refund_rule === 'string'
      ? JSON.parse(r.refund_rule)
      : (r.refund_rule ?? { steps: [] })) as RefundSteps,
    ticketTypes: types.map((t): DeskTicketType => ({
      ticketTypeId: num(t.ticketTypeId),
      name: pickText(t.name, locale),
      capacity: num(t.capacity),
      taken: num(t.taken),
      waiting: num(t.waiting),
      paidTotal: num(t.paidTotal),
      paidCount: num(t.paidCount),
    })),
  };
}

/** The head of an event's waiting list, in its order per ticket type (who joined first is offered first). */
export async function readWaitingList(actor: Actor, eventId: number, locale: Locale) {
  requireEventsDesk(actor);
  const { db } = (await runtime()).database;
  const rows = await db
    .select({
      registrationId: eventRegistrations.id,
      number: eventRegistrations.number,
      ticketTypeId: eventRegistrations.ticketTypeId,
      typeName: eventTicketTypes.name,
      waitingSince: eventRegistrations.waitingSince,
      nameZh: accounts.nameZh,
      nameEn: accounts.nameEn,
      email: accounts.email,
      position: sql<number>`row_number() OVER (PARTITION BY ${eventRegistrations.ticketTypeId}
        ORDER BY ${eventRegistrations.waitingSince}, ${eventRegistrations.id})`.mapWith(Number),
    })
    .from(eventRegistrations)
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, eventRegistrations.ticketTypeId))
    .innerJoin(accounts, eq(accounts.id, eventRegistrations.accountId))
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.state, 'waiting')))
    .orderBy(asc(eventTicketTypes.position), asc(eventRegistrations.waitingSince), asc(eventRegistrations.id))
    .limit(WAITING_SHOWN);
  return rows.map((w) => ({
    registrationId: w.registrationId,
    number: w.number,
    ticketTypeId: w.ticketTypeId,
    ticketType: pickText(w.typeName, locale),
    position: w.position,
    name: personName(w, locale),
    email: w.email,
    waitingSince: w.waitingSince?.toISOString() ?? null,
  }));
}

/**
 * The check-ins of each session of an event, counted from `event_check_ins` (in, and out), beside
 * how many hold a seat of a ticket type it admits: what the desk polls while the event runs.
 */
export async function checkInCounts(actor: Actor, eventId: number, locale: Locale) {
  requireEventsDesk(actor);
  const { db } = (await runtime()).database;
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT s.id, s.title, s.day,
      (SELECT count(*) FROM event_check_ins c WHERE c.session_id = s.id AND c.direction = 'in') AS checked_in,
      (SELECT count(*) FROM event_check_ins c WHERE c.session_id = s.id AND c.direction = 'out') AS checked_out,
      (SELECT count(*) FROM event_registrations r WHERE r.event_id = s.event_id AND r.state IN ${SEAT_STATES_SQL}
        AND s.ticket_type_ids @> to_jsonb(r.ticket_type_id)) AS admitted
    FROM event_sessions s WHERE s.event_id = ${eventId}
    ORDER BY s.position, s.id`);
  return {
    at: new Date().toISOString(),
    sessions: result.rows.map((r) => ({
      sessionId: num(r.id),
      title: pickText(r.title as I18nText, locale),
      day: String(r.day).slice(0, 10),
      checkedIn: num(r.checked_in),
      checkedOut: num(r.checked_out),
      admitted: num(r.admitted),
    })),
  };
}

/** The columns of the registrations export, in both languages (Chinese first, as the society reads them). */
const EXPORT_COLUMNS: readonly [string, string][] = [
  ['報名編號', 'Registration'],
  ['姓名', 'Name'],
  ['電子郵件', 'E-mail'],
  ['票種', 'Ticket type'],
  ['狀態', 'State'],
  ['金額', 'Price'],
  ['早鳥', 'Early bird'],
  ['訂單', 'Order'],
  ['已付款', 'Paid'],
  ['飲食', 'Diet'],
  ['收據抬頭', 'Receipt title'],
  ['統一編號', 'Business number'],
  ['備註', 'Free text'],
  ['報名時間（臺北）', 'Registered (Taipei)'],
  ['付款期限（臺北）', 'Pay by (Taipei)'],
];

/** A moment as Taipei's date and time to the minute (`2026-10-01 09:00`). */
function taipeiMinute(value: string | null): string {
  if (!value) return '';
  const moment = new Date(value);
  const clock = new Date(moment.getTime() + 8 * 3_600_000).toISOString().slice(11, 16);
  return `${taipeiDate(moment)} ${clock}`;
}

/**
 * An event's registrations as the desk's filter lists them, as CSV (UTF-8 with a byte-order mark)
 * or a workbook, every cell formula-safe, the headings in both languages, times in Taipei. Taking
 * it is written to the audit log. -18 for an unknown event (the caller reads it first).
 */
export async function exportEventRegistrations(
  actor: Actor,
  query: RegistrationFilter & { eventId: number; format: 'csv' | 'xlsx' },
  locale: Locale,
  ip: string,
): Promise<TableFile> {
  requireEventsDesk(actor);
  const { rows } = await registrationRows(query.eventId, query, locale, { limit: REGISTRATIONS_EXPORT_MAX });
  const { db } = (await runtime()).database;
  await recordAudit(db, {
    actor: { userType: 'individual', accountId: actor.accountId },
    action: 'registration.exported',
    ip,
    target: { type: 'event', id: query.eventId },
    detail: { format: query.format, rows: rows.length },
  });
  const lines = rows.map((r) => [
    r.number,
    r.name,
    r.email ?? '',
    r.ticketType,
    STATE_WORDS[r.state].join(' '),
    String(r.price),
    r.early ? 'Y' : '',
    r.orderNumber ?? '',
    r.paid ? 'Y' : '',
    r.answers.diet ?? '',
    r.answers.receiptTitle ?? '',
    r.answers.businessNo ?? '',
    r.answers.freeText ?? '',
    taipeiMinute(r.createdAt),
    taipeiMinute(r.payBy),
  ]);
  return tableFile(query.format, {
    name: `registrations-${query.eventId}-${taipeiDate()}`,
    sheet: 'registrations',
    header: EXPORT_COLUMNS.map(([zh, en]) => `${zh} ${en}`),
    lines,
  });
}

/** A registration's state in the export, in both languages. */
const STATE_WORDS: Record<RegistrationState, [string, string]> = {
  awaitingApproval: ['待審核', 'awaiting approval'],
  awaitingPayment: ['待付款', 'awaiting payment'],
  confirmed: ['已確認', 'confirmed'],
  waiting: ['候補', 'waiting'],
  cancelled: ['已取消', 'cancelled'],
  expired: ['已逾期', 'expired'],
  rejected: ['未核准', 'rejected'],
};

/**
 * An event's report in one statement: registrations made per Taipei day (and how many of them
 * hold a seat now), money received per Taipei day on their paid orders, and check-ins per Taipei
 * hour (the curve at the doors); each list in time order, only the days and hours that had any.
 */
export async function eventReport(actor: Actor, eventId: number) {
  requireEventsDesk(actor);
  const { db } = (await runtime()).database;
  const taipei = (column: SQL) => sql`(${column} AT TIME ZONE 'Asia/Taipei')`;
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT
      (SELECT coalesce(json_agg(json_build_object('day', d.day, 'made', d.made, 'holding', d.holding) ORDER BY d.day), '[]'::json)
        FROM (SELECT to_char(${taipei(sql`r.created_at`)}, 'YYYY-MM-DD') AS day, count(*) AS made,
            count(*) FILTER (WHERE r.state IN ${SEAT_STATES_SQL}) AS holding
          FROM event_registrations r WHERE r.event_id = ${eventId} GROUP BY 1) d) AS registrations,
      (SELECT coalesce(json_agg(json_build_object('day', m.day, 'amount', m.amount, 'orders', m.orders) ORDER BY m.day), '[]'::json)
        FROM (SELECT to_char(${taipei(sql`o.paid_at`)}, 'YYYY-MM-DD') AS day, sum(o.amount) AS amount, count(*) AS orders
          FROM orders o JOIN event_registrations r ON r.id = o.registration_id
          WHERE r.event_id = ${eventId} AND o.status = 'paid' AND o.paid_at IS NOT NULL GROUP BY 1) m) AS revenue,
      (SELECT coalesce(json_agg(json_build_object('hour', c.hour, 'checkIns', c.n) ORDER BY c.hour), '[]'::json)
        FROM (SELECT to_char(${taipei(sql`ci.at`)}, 'YYYY-MM-DD HH24:00') AS hour, count(*) AS n
          FROM event_check_ins ci JOIN event_sessions s ON s.id = ci.session_id
          WHERE s.event_id = ${eventId} AND ci.direction = 'in' GROUP BY 1) c) AS check_ins`);
  const row = result.rows[0]!;
  const list = <T>(value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as T[];
  return {
    registrations: list<{ day: string; made: unknown; holding: unknown }>(row.registrations).map((r) => ({
      day: r.day,
      made: num(r.made),
      holding: num(r.holding),
    })),
    revenue: list<{ day: string; amount: unknown; orders: unknown }>(row.revenue).map((r) => ({
      day: r.day,
      amount: num(r.amount),
      orders: num(r.orders),
    })),
    checkIns: list<{ hour: string; checkIns: unknown }>(row.check_ins).map((r) => ({
      hour: r.hour,
      checkIns: num(r.checkIns),
    })),
  };
}

/**
 * The name badges of an event's confirmed registrations (of one ticket type, or all), ordered by
 * name, as a PDF of A4 sheets with the QR of each ticket's address; taking them is audited (the
 * sheets carry the tickets' addresses). Null for an unknown event.
 */
export async function eventBadges(
  actor: Actor,
  query: { eventId: number; ticketTypeId?: number | undefined },
  locale: Locale,
  ip: string,
) {
  requireEventsDesk(actor);
  const { db } = (await runtime()).database;
  const [event] = await db.select({ title: events.title }).from(events).where(eq(events.id, query.eventId));
  if (!event) return null;
  const rows = await db
    .select({
      number: eventRegistrations.number,
      token: eventRegistrations.ticketToken,
      typeName: eventTicketTypes.name,
      nameZh: accounts.nameZh,
      nameEn: accounts.nameEn,
    })
    .from(eventRegistrations)
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, eventRegistrations.ticketTypeId))
    .innerJoin(accounts, eq(accounts.id, eventRegistrations.accountId))
    .where(
      and(
        eq(eventRegistrations.eventId, query.eventId),
        eq(eventRegistrations.state, 'confirmed'),
        query.ticketTypeId === undefined ? undefined : eq(eventRegistrations.ticketTypeId, query.ticketTypeId),
      ),
    )
    .orderBy(asc(eventTicketTypes.position), asc(accounts.nameZh), asc(eventRegistrations.id));
  const badges = await Promise.all(
    rows.map(async (r) => ({
      holder: personName(r, locale),
      ticketType: pickText(r.typeName, locale),
      number: r.number,
      url: await ticketUrl(r.token, locale),
    })),
  );
  await recordAudit(db, {
    actor: { userType: 'individual', accountId: actor.accountId },
    action: 'registration.badgesPrinted',
    ip,
    target: { type: 'event', id: query.eventId },
    detail: { badges: badges.length, ticketTypeId: query.ticketTypeId ?? null },
  });
  const society = pickText(await societyName(), locale);
  return {
    bytes: await drawBadges(badges, pickText(event.title, locale), society, locale),
    fileName: `badges-${query.eventId}.pdf`,
  };
}
