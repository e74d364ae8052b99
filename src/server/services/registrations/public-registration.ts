/**
 * An event's registration as anyone may read it (the event page's registration block): when it
 * opens and closes, the early-bird deadline, the questions asked, and each ticket type with the
 * prices of the member classes it lists and of web users. Nothing personal: the reader's own price
 * comes from `registrationOptions` once they are signed in. The seats change with every
 * registration, so they are read apart (`seatsNow`), live.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { AppError } from '../../app-error';
import { ErrorCode } from '../../../lib/error-codes';
import { eventRegistrations, eventRegistrationSetups, events, eventTicketTypes } from '../../db/schema';
import { runtime } from '../../runtime';
import { EVENT_TTL_MS } from '../events/event-views';
import { eventIsPublic } from '../content/visibility';
import { listMemberClasses } from '../membership/rules';
import { ticketPrice } from './pricing';

/** How long the seats of an event are kept for anonymous readers: a rush reads them once per period. */
export const SEATS_TTL_MS = 5_000;

/** Where a registration stands by the clock. */
export type RegistrationPhase = 'notYetOpen' | 'open' | 'closed';

export interface PublicPrice {
  /** The member class's name, or null for the web-user (non-member) price. */
  label: string | null;
  price: number;
  /** The early-bird price while it runs and is lower, else null. */
  early: number | null;
}

export interface PublicRegistration {
  eventId: number;
  opensAt: string;
  closesAt: string;
  /** The early-bird deadline while it is still ahead, else null. */
  earlyBirdUntil: string | null;
  needsApproval: boolean;
  questions: {
    diet: 'off' | 'optional' | 'required';
    receipt: 'off' | 'optional' | 'required';
    freeText: 'off' | 'optional' | 'required';
    freeTextLabel: string | null;
  };
  ticketTypes: { ticketTypeId: number; name: string; prices: PublicPrice[] }[];
}

/** The phase of a registration at `now`: it closes at its closing time or at the event's start, whichever comes first. */
export function phaseOf(opensAt: Date, closesAt: Date, startsAt: Date, now = new Date()): RegistrationPhase {
  if (now < opensAt) return 'notYetOpen';
  return now < closesAt && now < startsAt ? 'open' : 'closed';
}

/**
 * A published event's registration for its public page, or null when it takes none. Kept in the
 * memo cache with the event's page (saving a setup is a content change, which empties both).
 */
export async function publicRegistration(eventId: number, locale: Locale): Promise<PublicRegistration | null> {
  const rt = await runtime();
  return rt.cache.get(
    `event-registration:${eventId}:${locale}`,
    async () => {
      const now = new Date();
      const rows = await rt.database.db
        .select({ setup: eventRegistrationSetups, type: eventTicketTypes })
        .from(eventRegistrationSetups)
        .innerJoin(events, eq(events.id, eventRegistrationSetups.eventId))
        .innerJoin(eventTicketTypes, eq(eventTicketTypes.eventId, eventRegistrationSetups.eventId))
        .where(and(eq(eventRegistrationSetups.eventId, eventId), eventIsPublic(now)))
        .orderBy(asc(eventTicketTypes.position), asc(eventTicketTypes.id));
      const setup = rows[0]?.setup;
      if (!setup) return null;
      const classes = await listMemberClasses();
      const until = setup.earlyBirdUntil && setup.earlyBirdUntil > now ? setup.earlyBirdUntil : null;
      // The early-bird price as the server will charge it just before its deadline (only where lower).
      const earlyAt = until ? new Date(until.getTime() - 1) : null;
      const priceOf = (type: (typeof rows)[number]['type'], code: string | null): PublicPrice => {
        const regular = ticketPrice(type, code, null);
        const early = earlyAt ? ticketPrice(type, code, until, earlyAt) : null;
        const cls = code === null ? undefined : classes.find((c) => c.code === code);
        const label = code === null ? null : cls ? pickText(cls.name, locale) : code;
        return { label, price: regular.price, early: early?.early ? early.price : null };
      };
      return {
        eventId,
        opensAt: setup.opensAt.toISOString(),
        closesAt: setup.closesAt.toISOString(),
        earlyBirdUntil: until?.toISOString() ?? null,
        needsApproval: setup.needsApproval,
        questions: {
          diet: setup.questions.diet,
          receipt: setup.questions.receipt,
          freeText: setup.questions.freeText,
          freeTextLabel:
            setup.questions.freeText === 'off' || !setup.questions.freeTextLabel
              ? null
              : pickText(setup.questions.freeTextLabel, locale),
        },
        ticketTypes: rows.map(({ type }) => {
          const codes = classes.map((c) => c.code).filter((code) => type.prices.members[code] !== undefined);
          // A class the society no longer lists keeps its price, after the listed ones.
          for (const code of Object.keys(type.prices.members)) if (!codes.includes(code)) codes.push(code);
          return {
            ticketTypeId: type.id,
            name: pickText(type.name, locale),
            prices: [...codes.map((code) => priceOf(type, code)), priceOf(type, null)],
          };
        }),
      };
    },
    EVENT_TTL_MS,
  );
}

/** The live seats of an event's ticket types, as anyone may see them. */
export interface SeatsNow {
  eventId: number;
  phase: RegistrationPhase;
  ticketTypes: { ticketTypeId: number; seatsLeft: number; waiting: number }[];
}

/** The seats left and the waiting lists of a published event's ticket types now (kept a few seconds); -18 without registration. */
export async function seatsNow(eventId: number): Promise<SeatsNow> {
  const rt = await runtime();
  return rt.cache.get(
    `event-seats:${eventId}`,
    async () => {
      const { db } = rt.database;
      const now = new Date();
      const rows = await db
        .select({
          opensAt: eventRegistrationSetups.opensAt,
          closesAt: eventRegistrationSetups.closesAt,
          startsAt: events.startsAt,
          ticketTypeId: eventTicketTypes.id,
          seatsLeft: eventTicketTypes.capacity,
          seatsTaken: eventTicketTypes.seatsTaken,
          waiting: sql<number>`(select count(*)::int from ${eventRegistrations}
            where ${eventRegistrations.ticketTypeId} = ${eventTicketTypes.id} and ${eventRegistrations.state} = 'waiting')`,
        })
        .from(eventRegistrationSetups)
        .innerJoin(events, eq(events.id, eventRegistrationSetups.eventId))
        .innerJoin(eventTicketTypes, eq(eventTicketTypes.eventId, eventRegistrationSetups.eventId))
        .where(and(eq(eventRegistrationSetups.eventId, eventId), eventIsPublic(now)))
        .orderBy(asc(eventTicketTypes.position), asc(eventTicketTypes.id));
      const first = rows[0];
      if (!first) throw new AppError(ErrorCode.NO_ACTIVITY);
      return {
        eventId,
        phase: phaseOf(first.opensAt, first.closesAt, first.startsAt, now),
        ticketTypes: rows.map((r) => ({
          ticketTypeId: r.ticketTypeId,
          seatsLeft: Math.max(0, r.seatsLeft - r.seatsTaken),
          waiting: Number(r.waiting),
        })),
      };
    },
    SEATS_TTL_MS,
  );
}
