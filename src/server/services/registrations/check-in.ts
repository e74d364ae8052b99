/**
 * Check-in at the door (decision record 041). A door is a staff member with the `events` or `admin`
 * role naming the event, or a phone holding a door link of it (`door-links.ts`), held to that event.
 * A scan is a few statements: the ticket with the session (one), the check-in row inserted with
 * `ON CONFLICT DO NOTHING` on the unique key (registration, session, direction), and, when another
 * door was first, that door's row read back: of two doors at once one inserts and the other is
 * told "already, at …, by …". Check-out needs a check-in first.
 */
import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { ErrorCode } from '../../../lib/error-codes';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { readDoorCode, type CheckInDirection } from '../../../lib/registrations/door-code';
import type { DoorOverview, DoorScanAnswer, DoorScanInput, DoorSearchRow, ScanResult } from '../../../lib/schemas/door';
import { personName } from '../../../lib/validators/name';
import { AppError } from '../../app-error';
import type { Actor } from '../../auth/sessions';
import { requireRole, roleAccess } from '../../auth/staff-access';
import {
  accounts,
  eventCheckIns,
  eventDoorLinks,
  eventRegistrations,
  eventRegistrationSetups,
  events,
  eventSessions,
  eventTicketTypes,
  type RegistrationState,
} from '../../db/schema';
import { containsPattern } from '../../db/like';
import { runtime } from '../../runtime';
import { recordAudit } from '../accounts/audit';
import { heldDoorLink } from './door-links';

/** Rows a search at the door answers at most. */
export const DOOR_SEARCH_ROWS = 20;

/** Who scans: a staff member (their account) or a door link, for one event. */
export interface Door {
  eventId: number;
  accountId: number | null;
  doorLinkId: number | null;
  /** The door link's label; null for staff. */
  label: string | null;
}

const DOOR_ROLES = ['events', 'admin'] as const;

/**
 * The door a request scans at: staff with the role name the event; a door cookie is held to its own
 * event (-11 for another). Without either: -9 when nobody is signed in, else -11 (with
 * `secondFactor` for staff whose session has not passed it); staff without an event: -2.
 */
export async function doorOf(actor: Actor | null, cookie: string | null, eventId: number | undefined): Promise<Door> {
  const access = actor ? roleAccess(actor, DOOR_ROLES) : 'refused';
  if (access === 'granted' && eventId !== undefined)
    return { eventId, accountId: actor!.accountId, doorLinkId: null, label: null };
  const link = cookie ? await heldDoorLink(cookie) : null;
  if (link) {
    if (eventId !== undefined && eventId !== link.eventId) throw new AppError(ErrorCode.NO_PERMISSION);
    return { eventId: link.eventId, accountId: null, doorLinkId: link.doorLinkId, label: link.label };
  }
  if (access === 'granted') throw new AppError(ErrorCode.KEY_MISSING, { fields: ['eventId'] });
  if (access === 'waiting')
    throw new AppError(ErrorCode.NO_PERMISSION, { secondFactor: 'required' }, { key: 'secondFactorRequired' });
  throw new AppError(actor ? ErrorCode.NO_PERMISSION : ErrorCode.NOT_LOGGED_IN);
}

/** An event's sessions in time order. */
async function sessionsOf(eventId: number) {
  const { db } = (await runtime()).database;
  return db
    .select()
    .from(eventSessions)
    .where(eq(eventSessions.eventId, eventId))
    .orderBy(asc(eventSessions.day), asc(eventSessions.startMinute), asc(eventSessions.position));
}

/** A session as the door shows it, in the reader's language. */
const sessionView = (s: typeof eventSessions.$inferSelect, locale: Locale) => ({
  sessionId: s.id,
  title: pickText(s.title, locale),
  day: s.day,
  startMinute: s.startMinute,
  endMinute: s.endMinute,
  needsCheckOut: s.needsCheckOut,
});

/** The door's event, its sessions and their counts (three statements); -18 for an event without registration. */
export async function doorOverview(door: Door, locale: Locale): Promise<DoorOverview> {
  const { db } = (await runtime()).database;
  const [event] = await db
    .select({ title: events.title })
    .from(events)
    .innerJoin(eventRegistrationSetups, eq(eventRegistrationSetups.eventId, events.id))
    .where(eq(events.id, door.eventId));
  if (!event) throw new AppError(ErrorCode.NO_ACTIVITY);
  const sessions = await sessionsOf(door.eventId);
  const counts = await db
    .select({ sessionId: eventCheckIns.sessionId, direction: eventCheckIns.direction, n: count() })
    .from(eventCheckIns)
    .innerJoin(eventSessions, eq(eventSessions.id, eventCheckIns.sessionId))
    .where(eq(eventSessions.eventId, door.eventId))
    .groupBy(eventCheckIns.sessionId, eventCheckIns.direction);
  const countOf = (sessionId: number, direction: CheckInDirection) =>
    counts.find((c) => c.sessionId === sessionId && c.direction === direction)?.n ?? 0;
  return {
    eventId: door.eventId,
    event: pickText(event.title, locale),
    door: door.label,
    sessions: sessions.map((s) => ({
      ...sessionView(s, locale),
      checkedIn: countOf(s.id, 'in'),
      checkedOut: countOf(s.id, 'out'),
    })),
  };
}

/** What a registration's state answers at the door, when it does not admit. */
const REFUSALS: Partial<Record<RegistrationState, ScanResult>> = {
  cancelled: 'cancelled',
  expired: 'expired',
  rejected: 'rejected',
  awaitingPayment: 'unpaid',
  awaitingApproval: 'unpaid',
  waiting: 'waiting',
};

const answer = (result: ScanResult, more: Partial<Omit<DoorScanAnswer, 'result'>> = {}): DoorScanAnswer => ({
  result,
  registration: null,
  at: null,
  door: null,
  otherEvent: null,
  ...more,
});

/**
 * Scans a ticket at the door: its address, token or number as read, or a registration the search
 * found. A session not of the door's event is -6 (`sessionUnknown`); scanning out of a session
 * that is not scanned out is -10 (`noCheckOut`). Every other outcome is an answer the door shows.
 */
export async function scanAtDoor(door: Door, input: DoorScanInput, locale: Locale): Promise<DoorScanAnswer> {
  const code = input.code === undefined ? null : readDoorCode(input.code);
  if (input.code !== undefined && !code) return answer('unknown');
  const which =
    input.registrationId !== undefined
      ? eq(eventRegistrations.id, input.registrationId)
      : code && 'token' in code
        ? eq(eventRegistrations.ticketToken, code.token)
        : eq(eventRegistrations.number, (code as { number: string }).number);
  const { db } = (await runtime()).database;
  const [found] = await db
    .select({
      registrationId: eventRegistrations.id,
      number: eventRegistrations.number,
      eventId: eventRegistrations.eventId,
      ticketTypeId: eventRegistrations.ticketTypeId,
      state: eventRegistrations.state,
      nameZh: accounts.nameZh,
      nameEn: accounts.nameEn,
      typeName: eventTicketTypes.name,
      eventTitle: events.title,
      sessionId: eventSessions.id,
      needsCheckOut: eventSessions.needsCheckOut,
      admits: eventSessions.ticketTypeIds,
    })
    .from(eventRegistrations)
    .innerJoin(accounts, eq(accounts.id, eventRegistrations.accountId))
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, eventRegistrations.ticketTypeId))
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .leftJoin(eventSessions, and(eq(eventSessions.id, input.sessionId), eq(eventSessions.eventId, door.eventId)))
    .where(which);
  if (!found) return answer('unknown');
  if (found.sessionId === null)
    throw new AppError(ErrorCode.NO_DATA, { reason: 'sessionUnknown' }, { key: 'sessionUnknown' });
  if (input.direction === 'out' && !found.needsCheckOut)
    throw new AppError(ErrorCode.DATA_CHECK, { reason: 'noCheckOut' }, { key: 'noCheckOut' });
  if (found.eventId !== door.eventId) return answer('wrongEvent', { otherEvent: pickText(found.eventTitle, locale) });
  const registration = {
    registrationId: found.registrationId,
    number: found.number,
    holder: personName({ nameZh: found.nameZh, nameEn: found.nameEn }, locale),
    ticketType: pickText(found.typeName, locale),
  };
  const refusal = REFUSALS[found.state];
  if (refusal) return answer(refusal, { registration });
  // A session admits the ticket types it lists; one that lists none admits every ticket of the event.
  if (found.admits && found.admits.length > 0 && !found.admits.includes(found.ticketTypeId))
    return answer('notForSession', { registration });

  const inserted = await insertCheckIn(door, found.registrationId, input.sessionId, input.direction);
  if (inserted)
    return answer(input.direction === 'in' ? 'checkedIn' : 'checkedOut', {
      registration,
      at: inserted.toISOString(),
    });
  const [earlier] = await db
    .select({
      at: eventCheckIns.at,
      label: eventDoorLinks.label,
      nameZh: accounts.nameZh,
      nameEn: accounts.nameEn,
    })
    .from(eventCheckIns)
    .leftJoin(eventDoorLinks, eq(eventDoorLinks.id, eventCheckIns.doorLinkId))
    .leftJoin(accounts, eq(accounts.id, eventCheckIns.doorAccountId))
    .where(
      and(
        eq(eventCheckIns.registrationId, found.registrationId),
        eq(eventCheckIns.sessionId, input.sessionId),
        eq(eventCheckIns.direction, input.direction),
      ),
    );
  if (!earlier) return answer('notCheckedIn', { registration });
  return answer('already', {
    registration,
    at: earlier.at.toISOString(),
    door: earlier.label ?? personName({ nameZh: earlier.nameZh, nameEn: earlier.nameEn }, locale),
  });
}

/**
 * Inserts the scan's row, relying on the unique key: null when another door's row is there (or,
 * scanning out, when there is no check-in to leave from). One statement.
 */
async function insertCheckIn(
  door: Door,
  registrationId: number,
  sessionId: number,
  direction: CheckInDirection,
): Promise<Date | null> {
  const { db } = (await runtime()).database;
  const result = await db.execute<{ at: Date | string }>(sql`
    INSERT INTO ${eventCheckIns} (registration_id, session_id, direction, door_account_id, door_link_id)
    SELECT ${registrationId}, ${sessionId}, ${direction}, ${door.accountId}::integer, ${door.doorLinkId}::integer
    WHERE ${direction} = 'in' OR EXISTS (
      SELECT 1 FROM ${eventCheckIns}
      WHERE registration_id = ${registrationId} AND session_id = ${sessionId} AND direction = 'in'
    )
    ON CONFLICT (registration_id, session_id, direction) DO NOTHING
    RETURNING at`);
  const row = result.rows[0];
  return row ? new Date(row.at) : null;
}

/**
 * The door's event's registrations whose number or holder's name (either language) contains `q`,
 * by number, at most `DOOR_SEARCH_ROWS`; one statement.
 */
export async function searchAtDoor(
  door: Door,
  input: { q: string; sessionId?: number | undefined },
  locale: Locale,
): Promise<DoorSearchRow[]> {
  const { db } = (await runtime()).database;
  const like = containsPattern(input.q);
  const checkedIn = alias(eventCheckIns, 'checked_in');
  const checkedOut = alias(eventCheckIns, 'checked_out');
  const sessionId = input.sessionId ?? 0;
  const scanOf = (
    table: Record<'registrationId' | 'sessionId' | 'direction', AnyPgColumn>,
    direction: CheckInDirection,
  ) =>
    and(
      eq(table.registrationId, eventRegistrations.id),
      eq(table.sessionId, sessionId),
      eq(table.direction, direction),
    );
  const rows = await db
    .select({
      registrationId: eventRegistrations.id,
      number: eventRegistrations.number,
      state: eventRegistrations.state,
      nameZh: accounts.nameZh,
      nameEn: accounts.nameEn,
      typeName: eventTicketTypes.name,
      inAt: checkedIn.at,
      outAt: checkedOut.at,
    })
    .from(eventRegistrations)
    .innerJoin(accounts, eq(accounts.id, eventRegistrations.accountId))
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, eventRegistrations.ticketTypeId))
    .leftJoin(checkedIn, scanOf(checkedIn, 'in'))
    .leftJoin(checkedOut, scanOf(checkedOut, 'out'))
    .where(
      and(
        eq(eventRegistrations.eventId, door.eventId),
        or(ilike(eventRegistrations.number, like), ilike(accounts.nameZh, like), ilike(accounts.nameEn, like)),
      ),
    )
    .orderBy(asc(eventRegistrations.number))
    .limit(DOOR_SEARCH_ROWS);
  return rows.map((r) => ({
    registrationId: r.registrationId,
    number: r.number,
    holder: personName({ nameZh: r.nameZh, nameEn: r.nameEn }, locale),
    ticketType: pickText(r.typeName, locale),
    state: r.state,
    inAt: r.inAt?.toISOString() ?? null,
    outAt: r.outAt?.toISOString() ?? null,
  }));
}

/** What a ticket's page offers door staff: check this registration in to one of its event's sessions. */
export interface TicketDoor {
  /** The event, which staff name when they scan; null for a door link's phone. */
  staffEventId: number | null;
  registrationId: number;
  sessions: Omit<DoorOverview['sessions'][number], 'checkedIn' | 'checkedOut'>[];
}

/**
 * For a ticket's page (`/ticket/{token}`, where a phone's own camera app lands): when the reader is
 * door staff of the ticket's event (the role, or a door cookie of that event), the registration and
 * the event's sessions; else null. Asked only of readers who may be door staff.
 */
export async function ticketDoor(
  actor: Actor | null,
  cookie: string | null,
  token: string,
  locale: Locale,
): Promise<TicketDoor | null> {
  const { db } = (await runtime()).database;
  const [reg] = await db
    .select({ id: eventRegistrations.id, eventId: eventRegistrations.eventId })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.ticketToken, token));
  if (!reg) return null;
  let door: Door;
  try {
    door = await doorOf(actor, cookie, reg.eventId);
  } catch {
    return null;
  }
  const sessions = await sessionsOf(door.eventId);
  return {
    staffEventId: door.label === null ? door.eventId : null,
    registrationId: reg.id,
    sessions: sessions.map((s) => sessionView(s, locale)),
  };
}

/**
 * Undoes a mistaken scan (staff with the role; a door link cannot), audited: the row of the
 * registration, session and direction goes. -6 when there is none (or the session is not the
 * event's); undoing a check-in that has a check-out after it is -10 `checkedOutAfter` (undo that first).
 */
export async function undoScan(
  actor: Actor,
  input: { eventId: number; sessionId: number; direction: CheckInDirection; registrationId: number },
  ip: string,
): Promise<void> {
  requireRole(actor, ...DOOR_ROLES);
  const { db } = (await runtime()).database;
  await db.transaction(async (tx) => {
    const ofEvent = tx
      .select({ id: eventSessions.id })
      .from(eventSessions)
      .where(eq(eventSessions.eventId, input.eventId));
    const rows = await tx
      .select()
      .from(eventCheckIns)
      .where(
        and(
          eq(eventCheckIns.registrationId, input.registrationId),
          eq(eventCheckIns.sessionId, input.sessionId),
          inArray(eventCheckIns.sessionId, ofEvent),
        ),
      )
      .for('update');
    const row = rows.find((r) => r.direction === input.direction);
    if (!row) throw new AppError(ErrorCode.NO_DATA);
    if (input.direction === 'in' && rows.some((r) => r.direction === 'out'))
      throw new AppError(ErrorCode.DATA_CHECK, { reason: 'checkedOutAfter' }, { key: 'checkedOutAfter' });
    await tx.delete(eventCheckIns).where(eq(eventCheckIns.id, row.id));
    await recordAudit(tx, {
      actor,
      action: 'registration.scanUndone',
      ip,
      target: { type: 'registration', id: input.registrationId },
      before: { sessionId: row.sessionId, direction: row.direction, at: row.at.toISOString() },
    });
  });
}
