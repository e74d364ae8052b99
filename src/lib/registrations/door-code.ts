import { taipeiDate } from '../calendar-date';

/**
 * What a door reads from a ticket (decision record 041): the QR holds the ticket's address
 * `SITE_URL/ticket/{token}` (perhaps with a language prefix), staff may type or paste that address,
 * the bare token, or the registration number. Shared by the check-in page and the server.
 */

/** The two ways a session is scanned: in, and out where the session asks for it. */
export const CHECK_IN_DIRECTIONS = ['in', 'out'] as const;
export type CheckInDirection = (typeof CHECK_IN_DIRECTIONS)[number];

/** A ticket's token as issued: 32 random bytes in base64url (43 characters). */
export const TICKET_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A registration number as the society's patterns make them: letters, digits and dashes. */
const REGISTRATION_NUMBER = /^[A-Z0-9][A-Z0-9-]{2,39}$/;

/** The ticket a door code names: by its token, or by its registration number; null for any other text. */
export type DoorCode = { token: string } | { number: string };

/** The token of a ticket's address: its path is `/ticket/{token}` or `/{language}/ticket/{token}`. */
function tokenOfAddress(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const parts = url.pathname.split('/').filter(Boolean);
  const [token] = parts.slice(-1);
  const rest = parts.slice(0, -1);
  const ticketPath = rest.length === 1 ? rest[0] === 'ticket' : rest.length === 2 && rest[1] === 'ticket';
  return ticketPath && token && TICKET_TOKEN.test(token) ? token : null;
}

/** Reads what was scanned or typed at the door. */
export function readDoorCode(raw: string): DoorCode | null {
  const text = raw.trim();
  if (text === '' || text.length > 2000) return null;
  if (/^https?:\/\//i.test(text)) {
    const token = tokenOfAddress(text);
    return token ? { token } : null;
  }
  // A token has 43 characters, a number at most 40: the two never meet.
  if (TICKET_TOKEN.test(text)) return { token: text };
  const number = text.toUpperCase();
  return REGISTRATION_NUMBER.test(number) ? { number } : null;
}

/** A session's time of day, as the check-in page shows it. */
export interface SessionTime {
  sessionId: number;
  day: string;
  startMinute: number;
  endMinute: number;
}

/** Taipei minutes since midnight as `HH:MM`. */
export function minuteText(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/**
 * The session a door most likely scans now (sessions in time order): today's first that has not
 * ended, else today's last, else the next day's first, else the first.
 */
export function currentSessionId(sessions: readonly SessionTime[], now = new Date()): number | null {
  const today = taipeiDate(now);
  const minute = Math.floor(((now.getTime() + 8 * 3_600_000) % 86_400_000) / 60_000);
  const todays = sessions.filter((s) => s.day === today);
  const pick =
    todays.find((s) => minute < s.endMinute) ?? todays.at(-1) ?? sessions.find((s) => s.day > today) ?? sessions[0];
  return pick?.sessionId ?? null;
}
