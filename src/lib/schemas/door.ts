import { z } from 'zod';
import { CHECK_IN_DIRECTIONS } from '../registrations/door-code';
import { REGISTRATION_STATES } from '../registrations/states';

/** Check-in at the door and its door links (decision record 041): what the API takes and answers. */

const id = z.number().int().positive().max(2_147_483_647);
const queryId = z.coerce.number().int().positive().max(2_147_483_647);

/** Staff name the event; a door link's phone is held to its own event and may leave it out. */
const eventChoice = { eventId: id.optional().describe('The event (staff); a door link always checks in its own') };

/** The door's view: the event and its sessions with their counts. */
export const doorQuery = z.object({
  eventId: queryId.optional().describe('The event (staff); a door link always checks in its own'),
});

/** One scan: a ticket's address, token or registration number as read or typed, or a registration picked from a search. */
export const doorScanBody = z
  .object({
    ...eventChoice,
    sessionId: id,
    direction: z.enum(CHECK_IN_DIRECTIONS).default('in'),
    code: z
      .string()
      .max(2000)
      .optional()
      .describe('What the camera read or staff typed: the ticket’s address, its token or the registration number'),
    registrationId: id.optional().describe('A registration the search found'),
  })
  .refine((b) => (b.code === undefined) !== (b.registrationId === undefined), {
    path: ['code'],
    message: 'one of code and registrationId',
  });
export type DoorScanInput = z.output<typeof doorScanBody>;

/** A search for a lost ticket: part of the holder's name or the registration number. */
export const doorSearchQuery = z.object({
  eventId: queryId.optional().describe('The event (staff); a door link always searches its own'),
  sessionId: queryId.optional().describe('Shows whether each registration is in or out of this session'),
  q: z.string().trim().min(1).max(60),
});

/** Staff undo a mistaken scan. */
export const doorUndoBody = z.object({
  eventId: id,
  sessionId: id,
  direction: z.enum(CHECK_IN_DIRECTIONS),
  registrationId: id,
});

/** Staff's door links of an event. */
export const doorLinksQuery = z.object({ eventId: queryId });
export const doorLinkCreateBody = z.object({ eventId: id, label: z.string().trim().min(1).max(60) });
export const doorLinkRevokeBody = z.object({ doorLinkId: id });

/** A door link as staff see it (never its token, which only its creation answers). */
export const doorLinkView = z.object({
  doorLinkId: z.number(),
  label: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  active: z.boolean().describe('Neither revoked nor expired'),
});
export type DoorLinkView = z.infer<typeof doorLinkView>;

const result = z.enum([
  'checkedIn',
  'checkedOut',
  'already',
  'notCheckedIn',
  'cancelled',
  'expired',
  'rejected',
  'unpaid',
  'waiting',
  'wrongEvent',
  'notForSession',
  'unknown',
]);
export type ScanResult = z.infer<typeof result>;

/** A scan's answer: what the door shows at once. */
export const doorScanAnswer = z.object({
  result,
  registration: z
    .object({
      registrationId: z.number(),
      number: z.string(),
      holder: z.string(),
      ticketType: z.string(),
    })
    .nullable(),
  at: z.string().nullable().describe('When it was scanned (checked in now, or the earlier scan)'),
  door: z
    .string()
    .nullable()
    .describe('Which door scanned it before: the door link’s label or the staff member’s name'),
  otherEvent: z.string().nullable().describe('The event a ticket of another event is for'),
});
export type DoorScanAnswer = z.infer<typeof doorScanAnswer>;

const REGISTRATION_STATE = z.enum(REGISTRATION_STATES);

/** A session of the door's event with how many are in, and out. */
const doorSession = z.object({
  sessionId: z.number(),
  title: z.string(),
  day: z.string().describe('The Taipei day, YYYY-MM-DD'),
  startMinute: z.number().describe('Taipei minutes since midnight'),
  endMinute: z.number(),
  needsCheckOut: z.boolean(),
  checkedIn: z.number(),
  checkedOut: z.number(),
});
export type DoorSession = z.infer<typeof doorSession>;

/** What the check-in page opens with: the event, the door, the sessions with their counts. */
export const doorOverviewAnswer = z.object({
  eventId: z.number(),
  event: z.string(),
  door: z.string().nullable().describe('The door link’s label; null for staff'),
  sessions: z.array(doorSession),
});
export type DoorOverview = z.infer<typeof doorOverviewAnswer>;

/** A registration a search at the door found, with whether it is in (and out) of the session asked about. */
const doorSearchRow = z.object({
  registrationId: z.number(),
  number: z.string(),
  holder: z.string(),
  ticketType: z.string(),
  state: REGISTRATION_STATE,
  inAt: z.string().nullable(),
  outAt: z.string().nullable(),
});
export type DoorSearchRow = z.infer<typeof doorSearchRow>;
export const doorSearchAnswer = z.array(doorSearchRow);
