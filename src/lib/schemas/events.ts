import { z } from 'zod';
import { parseMonth } from '../calendar-month';
import { LOCALES } from '../locales';
import { attachmentView, idParam } from './common';
import { pagingQuery } from './paging';

/** Which events a list shows: not yet ended (soonest first), ended (latest first), or all. */
export const EVENT_WHEN = ['upcoming', 'past', 'all'] as const;
export type EventWhen = (typeof EVENT_WHEN)[number];

/** A calendar month as `YYYY-MM` (1970-01 … 2100-12); anything else is a date-format error (-5). */
export const monthParam = z.string().superRefine((value, ctx) => {
  if (!parseMonth(value)) {
    ctx.addIssue({
      code: 'invalid_format',
      format: 'date',
      message: 'must be a month as YYYY-MM, from 1970-01 to 2100-12',
    });
  }
});

/** The event list's filters (API query and page query alike). */
export const eventListQuery = pagingQuery.extend({
  eventCategoryId: idParam.optional(),
  when: z.enum(EVENT_WHEN).optional().default('upcoming'),
});
export type EventListQuery = z.output<typeof eventListQuery>;

/** The list page's query: the category is in the path there. */
export const eventPageQuery = pagingQuery.extend({ when: eventListQuery.shape.when });

export const eventIdQuery = z.object({ eventId: idParam });

/** The .ics download: the event, and the language of its text (browsers send no `Lang` header). */
export const eventIcsQuery = eventIdQuery.extend({
  lang: z.enum(LOCALES).optional().describe('Overrides the Lang header, for plain download links'),
});

export const calendarQuery = z.object({ month: monthParam });
/** The calendar page's query: the month is optional there (default: this month in Taipei). */
export const calendarPageQuery = z.object({ month: monthParam.optional() });

const iso = z.string().describe('ISO 8601');

export const eventCategoryListResponse = z.object({
  eventCategoryList: z.array(z.object({ eventCategoryId: z.number().int(), name: z.string() })),
});

export const eventListItem = z.object({
  eventId: z.number().int(),
  eventCategoryId: z.number().int(),
  categoryName: z.string(),
  title: z.string(),
  summary: z.string().describe('At most 100 characters'),
  place: z.string(),
  startsAt: iso,
  endsAt: iso,
  coverFileId: z.number().int().nullable().describe('Fetch with GET /api/amsw1002?fileId='),
  coverWidth: z.number().int().nullable(),
  coverHeight: z.number().int().nullable(),
  creditsTotal: z.number().nullable().describe('Education credit points offered in all; null when none'),
});

export const eventDetailResponse = eventListItem.extend({
  summary: z.string().describe('The whole summary'),
  organiser: z.string(),
  descriptionHtml: z.string().describe('Rich text, sanitised'),
  fees: z.array(
    z.object({
      label: z.string(),
      amount: z.number().int().describe('New Taiwan dollars; 0 is free'),
      amountText: z.string().describe('e.g. NT$1,500 or Free'),
    }),
  ),
  credits: z.array(z.object({ label: z.string(), points: z.number() })),
  registrationUrl: z.string().nullable(),
  registrationClosesAt: iso.nullable().describe('When registration closes: its own time, or the start'),
  registrationOpen: z.boolean(),
  attachments: z.array(attachmentView),
  published: z.boolean().describe('False for a draft (previews only)'),
});

export const calendarResponse = z.object({
  month: z.string().describe('YYYY-MM'),
  eventList: z.array(
    eventListItem.extend({ days: z.array(z.string()).describe('Taipei days (YYYY-MM-DD) in the month') }),
  ),
});
