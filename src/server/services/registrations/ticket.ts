/**
 * A registration's ticket (decision record 041): what its page `/ticket/{token}` shows to whoever
 * holds the token, as the paper ticket does, and the ticket's PDF for its owner.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import QRCode from 'qrcode';
import { ErrorCode } from '../../../lib/error-codes';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { localePath } from '../../../lib/paths';
import type { RegistrationState } from '../../../lib/registrations/states';
import { personName } from '../../../lib/validators/name';
import { AppError } from '../../app-error';
import { consumeLimit, type LimitRule } from '../../auth/rate-limits';
import type { Actor } from '../../auth/sessions';
import { accounts, eventRegistrations, events, eventTicketTypes } from '../../db/schema';
import { runtime } from '../../runtime';
import { drawTicket, type TicketFacts } from '../documents/draw-documents';
import { societyName } from '../documents/issue-documents';
import { mailOrigin } from '../site/site-origin';

/** Look-ups an address may make of ticket pages: plenty for a door or a person, few for a script guessing. */
export const TICKET_VIEWS_PER_CLIENT: LimitRule = { name: 'ticketView', points: 120, durationSeconds: 60 * 60 };

/** A ticket's token as issued: 32 random bytes in base64url (43 characters). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** What a ticket shows: the event, its time and place, the ticket type, the holder, and the state. */
export interface Ticket extends TicketFacts {
  state: RegistrationState;
}

/** The ticket's page on the site, in the reader's language (mails put `MailSite.origin` before it). */
export function ticketPath(token: string, locale: Locale): string {
  return localePath(`/ticket/${token}`, locale);
}

/** The ticket's address, on the configured site (SITE_URL), in the reader's language. */
export async function ticketUrl(token: string, locale: Locale): Promise<string> {
  return `${await mailOrigin()}${ticketPath(token, locale)}`;
}

/** The ticket of the registration `where` picks, with its token; null when none. */
async function ticketWhere(where: SQL | undefined, locale: Locale): Promise<(Ticket & { token: string }) | null> {
  const { db } = (await runtime()).database;
  const [row] = await db
    .select({
      reg: eventRegistrations,
      title: events.title,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      place: events.place,
      typeName: eventTicketTypes.name,
      nameZh: accounts.nameZh,
      nameEn: accounts.nameEn,
    })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, eventRegistrations.ticketTypeId))
    .innerJoin(accounts, eq(accounts.id, eventRegistrations.accountId))
    .where(where);
  if (!row) return null;
  return {
    token: row.reg.ticketToken,
    number: row.reg.number,
    state: row.reg.state,
    event: pickText(row.title, locale),
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    place: row.place ? pickText(row.place, locale) || null : null,
    ticketType: pickText(row.typeName, locale),
    holder: personName({ nameZh: row.nameZh, nameEn: row.nameEn }, locale),
    url: await ticketUrl(row.reg.ticketToken, locale),
  };
}

/**
 * The ticket a token opens, or null for a token that is malformed or names none (the same answer
 * for both). Each look-up counts against the address's limit (-11 with the seconds to wait).
 */
export async function ticketByToken(token: string, ip: string, locale: Locale): Promise<Ticket | null> {
  await consumeLimit(TICKET_VIEWS_PER_CLIENT, ip);
  if (!TOKEN.test(token)) return null;
  const ticket = await ticketWhere(eq(eventRegistrations.ticketToken, token), locale);
  if (!ticket) return null;
  const { token: _token, ...rest } = ticket;
  return rest;
}

/**
 * The PDF of one of the reader's own tickets, in the reader's language: another person's
 * registration is not found (-6), and only a confirmed one has a ticket (-10 `ticketNotConfirmed`).
 */
export async function ticketPdf(actor: Actor, registrationId: number, locale: Locale) {
  const ticket = await ticketWhere(
    and(eq(eventRegistrations.id, registrationId), eq(eventRegistrations.accountId, actor.accountId)),
    locale,
  );
  if (!ticket) throw new AppError(ErrorCode.NO_DATA);
  if (ticket.state !== 'confirmed')
    throw new AppError(ErrorCode.DATA_CHECK, { reason: 'ticketNotConfirmed' }, { key: 'ticketNotConfirmed' });
  const society = pickText(await societyName(), locale);
  return { bytes: await drawTicket(ticket, society, locale), fileName: `ticket-${ticket.number}.pdf` };
}

/** The QR code of a ticket's address as an inline SVG (no script, no external image: the CSP allows it). */
export async function ticketQrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
