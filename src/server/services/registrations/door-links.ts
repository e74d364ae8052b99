/**
 * Door links (decision record 041): staff (`events`, `admin`) make one per door of an event, so a
 * volunteer's phone checks in that event's tickets without an account. The link `/door/{token}`
 * carries 32 random bytes shown once; only their SHA-256 is kept. Opening it gives the phone a
 * door cookie (the link's id and token) that every request checks again against the hash, the
 * revocation and the expiry (a day after the event ends, Taipei), so revoking voids it at once.
 */
import { timingSafeEqual } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { addDays, startOfTaipeiDate, taipeiDate } from '../../../lib/calendar-date';
import { ErrorCode } from '../../../lib/error-codes';
import type { Locale } from '../../../lib/locales';
import type { DoorLinkView } from '../../../lib/schemas/door';
import { localePath } from '../../../lib/paths';
import { AppError } from '../../app-error';
import { consumeLimit, type LimitRule } from '../../auth/rate-limits';
import { newToken, tokenHash } from '../../auth/secrets';
import type { Actor } from '../../auth/sessions';
import { requireRole } from '../../auth/staff-access';
import { eventDoorLinks, eventRegistrationSetups, events } from '../../db/schema';
import { runtime } from '../../runtime';
import { recordAudit } from '../accounts/audit';
import { mailOrigin } from '../site/site-origin';

/** The cookie a door link's phone holds: `{link id}.{token}`. */
export const DOOR_COOKIE = 'ams-door';

/** Door links an address may open: plenty for a door team, few for a script guessing. */
export const DOOR_LINK_OPENS_PER_CLIENT: LimitRule = { name: 'doorLinkOpen', points: 30, durationSeconds: 60 * 60 };

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export type { DoorLinkView };

/** A door link a phone holds: the event it checks in and the label its scans carry. */
export interface DoorLinkHeld {
  doorLinkId: number;
  eventId: number;
  label: string;
  expiresAt: Date;
}

/** When a door link of an event ends: at the end of the Taipei day after the event's last day. */
export function doorLinkExpiry(eventEndsAt: Date): Date {
  return startOfTaipeiDate(addDays(taipeiDate(eventEndsAt), 2));
}

function view(row: typeof eventDoorLinks.$inferSelect, now = new Date()): DoorLinkView {
  return {
    doorLinkId: row.id,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    active: row.revokedAt === null && row.expiresAt > now,
  };
}

/** The event with registration that door links are made for: -18 when there is none. */
async function doorEvent(eventId: number) {
  const { db } = (await runtime()).database;
  const [event] = await db
    .select({ id: events.id, endsAt: events.endsAt })
    .from(events)
    .innerJoin(eventRegistrationSetups, eq(eventRegistrationSetups.eventId, events.id))
    .where(eq(events.id, eventId));
  if (!event) throw new AppError(ErrorCode.NO_ACTIVITY);
  return event;
}

/** An event's door links, the newest first (staff). */
export async function listDoorLinks(actor: Actor, eventId: number): Promise<DoorLinkView[]> {
  requireRole(actor, 'events', 'admin');
  await doorEvent(eventId);
  const { db } = (await runtime()).database;
  const rows = await db
    .select()
    .from(eventDoorLinks)
    .where(eq(eventDoorLinks.eventId, eventId))
    .orderBy(asc(eventDoorLinks.id));
  const now = new Date();
  return rows.reverse().map((row) => view(row, now));
}

/**
 * Makes a door link for an event (staff), audited: the answer carries its address once, in the
 * reader's language, on the configured site; -10 `eventOver` when its doors have closed.
 */
export async function createDoorLink(
  actor: Actor,
  input: { eventId: number; label: string },
  ip: string,
  locale: Locale,
): Promise<DoorLinkView & { url: string }> {
  requireRole(actor, 'events', 'admin');
  const event = await doorEvent(input.eventId);
  const expiresAt = doorLinkExpiry(event.endsAt);
  if (expiresAt <= new Date()) throw new AppError(ErrorCode.DATA_CHECK, { reason: 'eventOver' }, { key: 'eventOver' });
  const token = newToken();
  const { db } = (await runtime()).database;
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(eventDoorLinks)
      .values({
        eventId: input.eventId,
        label: input.label,
        tokenHash: tokenHash(token),
        createdBy: actor.accountId,
        expiresAt,
      })
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'registration.doorLinkCreated',
      ip,
      target: { type: 'event', id: input.eventId },
      after: { doorLinkId: created!.id, label: input.label, expiresAt: expiresAt.toISOString() },
    });
    return created!;
  });
  return { ...view(row), url: `${await mailOrigin()}${localePath(`/door/${token}`, locale)}` };
}

/** Revokes a door link (staff), audited: every phone that holds it stops at its next request. -6 for an unknown one. */
export async function revokeDoorLink(actor: Actor, doorLinkId: number, ip: string): Promise<DoorLinkView> {
  requireRole(actor, 'events', 'admin');
  const { db } = (await runtime()).database;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(eventDoorLinks).where(eq(eventDoorLinks.id, doorLinkId)).for('update');
    if (!row) throw new AppError(ErrorCode.NO_DATA);
    if (row.revokedAt) return view(row);
    const [revoked] = await tx
      .update(eventDoorLinks)
      .set({ revokedAt: new Date() })
      .where(eq(eventDoorLinks.id, doorLinkId))
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'registration.doorLinkRevoked',
      ip,
      target: { type: 'event', id: row.eventId },
      before: { doorLinkId, label: row.label },
    });
    return view(revoked!);
  });
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * What a door link's address opens, counted against the address's limit (-11 with the seconds to
 * wait): the link when it is in force with the cookie value to hold, else why not.
 */
export async function openDoorLink(
  token: string,
  ip: string,
): Promise<
  { state: 'valid'; link: DoorLinkHeld; cookie: string } | { state: 'revoked' | 'expired' | 'unknown'; link: null }
> {
  await consumeLimit(DOOR_LINK_OPENS_PER_CLIENT, ip);
  if (!TOKEN.test(token)) return { state: 'unknown', link: null };
  const { db } = (await runtime()).database;
  const [row] = await db
    .select()
    .from(eventDoorLinks)
    .where(eq(eventDoorLinks.tokenHash, tokenHash(token)));
  if (!row) return { state: 'unknown', link: null };
  if (row.revokedAt) return { state: 'revoked', link: null };
  if (row.expiresAt <= new Date()) return { state: 'expired', link: null };
  return {
    state: 'valid',
    link: { doorLinkId: row.id, eventId: row.eventId, label: row.label, expiresAt: row.expiresAt },
    cookie: `${row.id}.${token}`,
  };
}

/**
 * The door link a door cookie holds, checked anew (one statement): null when the cookie is
 * malformed, its token does not match, or the link is revoked or past its expiry.
 */
export async function heldDoorLink(cookie: string | null | undefined): Promise<DoorLinkHeld | null> {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(cookie ?? '');
  if (!match) return null;
  const id = Number(match[1]);
  if (id > 2_147_483_647) return null;
  const { db } = (await runtime()).database;
  const [row] = await db
    .select()
    .from(eventDoorLinks)
    .where(and(eq(eventDoorLinks.id, id)));
  if (!row || !sameHash(row.tokenHash, tokenHash(match[2]!))) return null;
  if (row.revokedAt || row.expiresAt <= new Date()) return null;
  return { doorLinkId: row.id, eventId: row.eventId, label: row.label, expiresAt: row.expiresAt };
}
