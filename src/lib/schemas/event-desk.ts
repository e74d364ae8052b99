import { z } from 'zod';
import { blankIsAbsent } from './common';
import { coverField, DESK_PAGE_SIZE, formReadAt, headingFields, headingView, html, id, line } from './content-desk';
import { idParam } from './common';

export { DESK_PAGE_SIZE };

/** Where an event stands for the editors: a draft (off the site) or published. */
export const EVENT_STATES = ['draft', 'published'] as const;
export type EventState = (typeof EVENT_STATES)[number];

/** The events desk's filter: a state, words (title, summary, description, place or organiser), and the page. */
export const eventDeskQuery = z.object({
  state: blankIsAbsent(z.enum(EVENT_STATES)),
  q: blankIsAbsent(
    z
      .string()
      .trim()
      .max(100)
      .describe(
        'Words in the title, summary, description, place or organiser, in either language, found as site search finds them',
      ),
  ),
  page: blankIsAbsent(idParam),
});
export type EventDeskFilter = z.output<typeof eventDeskQuery>;

/** A Taipei date and time to the minute, as a `datetime-local` field sends it; -5 when malformed. */
const taipeiMinute = z.iso.datetime({ local: true, precision: -1 });

/**
 * What the event form sends: texts per language (Chinese title required), the category, when it
 * starts and ends (Taipei), where, who organises it, the programme as rich text (sanitised on the
 * server), and the registration address with the moment registration closes (optional).
 */
export const eventFormFields = z.object({
  categoryId: id,
  ...headingFields,
  placeZh: line(200).default(''),
  placeEn: line(200).default(''),
  organiserZh: line(200).default(''),
  organiserEn: line(200).default(''),
  descriptionZh: html.default(''),
  descriptionEn: html.default(''),
  startsAt: taipeiMinute,
  endsAt: taipeiMinute,
  registrationUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(2000)]).default(''),
  registrationClosesAt: z.union([z.literal(''), taipeiMinute]).default(''),
});

export const eventSaveBody = eventFormFields.extend({
  /** Absent: a new event. */
  eventId: id.optional(),
  coverFileId: coverField,
  /** The event's `updatedAt` the form was read with; required when changing one. */
  updatedAt: formReadAt.optional(),
  /** Publish with this save (a draft goes on the site now). */
  publish: z.boolean().default(false),
});
export type EventSaveInput = z.output<typeof eventSaveBody>;

export const eventUnpublishBody = z.object({ eventId: id, updatedAt: formReadAt });
export const eventIdQuery = z.object({ eventId: idParam });

export const deskEventRow = z.object({
  eventId: z.number().int(),
  title: z.string(),
  categoryName: z.string(),
  place: z.string(),
  state: z.enum(EVENT_STATES),
  startsAt: z.string(),
  updatedAt: z.string(),
});

export const deskEventList = z.object({
  rows: z.array(deskEventRow),
  page: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

export const deskEventView = z.object({
  eventId: z.number().int(),
  categoryId: z.number().int(),
  ...headingView,
  placeZh: z.string(),
  placeEn: z.string(),
  organiserZh: z.string(),
  organiserEn: z.string(),
  descriptionZh: z.string(),
  descriptionEn: z.string(),
  /** Taipei date and time to the minute (`YYYY-MM-DDTHH:mm`). */
  startsAt: z.string(),
  endsAt: z.string(),
  registrationUrl: z.string(),
  coverFileId: z.number().int().nullable(),
  registrationClosesAt: z.string(),
  state: z.enum(EVENT_STATES),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  previewUrl: z.string().describe('A signed preview address, valid for a day'),
});
export type DeskEvent = z.infer<typeof deskEventView>;

/** The event form in the browser: the category as its select sends it. */
export const eventForm = eventFormFields.extend({ categoryId: z.string().regex(/^[1-9]\d{0,9}$/) });
