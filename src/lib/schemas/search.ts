import { z } from 'zod';
import { LOCALES } from '../locales';
import { pageParam } from './paging';

export const SEARCH_KIND_VALUES = ['article', 'event', 'paper', 'page', 'file'] as const;
export const SEARCH_WHEN = ['upcoming', 'past'] as const;
/** The longest query, in characters. */
export const MAX_SEARCH_QUERY = 200;
export const SEARCH_PAGE_SIZE = 10;

/** An unpaired UTF-16 surrogate: not text, so a query holding one is refused. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * `GET /api/amsw0308`: site search. `q` is trimmed and required (-2 when absent, -10 when empty,
 * over 200 characters or not text); punctuation alone is a valid query that finds nothing.
 */
export const searchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .refine((q) => Array.from(q).length <= MAX_SEARCH_QUERY, `must be at most ${MAX_SEARCH_QUERY} characters`)
    .refine((q) => !LONE_SURROGATE.test(q), 'must be text (an unpaired surrogate is not)')
    .describe('The words to find, in either language; every word must match'),
  kind: z
    .enum(SEARCH_KIND_VALUES)
    .optional()
    .describe(
      'Only articles, events, journal papers, pages or downloads (`file`: a file named on an article, event or page)',
    ),
  year: z
    .string()
    .regex(/^(19|20|21)\d\d$/, 'must be a year such as 2024')
    .transform(Number)
    .optional()
    .describe('Only items of this year (Taipei): published, held, or of the journal volume'),
  when: z.enum(SEARCH_WHEN).optional().describe('Only events not yet ended (upcoming) or ended (past)'),
  page: pageParam.optional().default(1),
  locale: z
    .enum(LOCALES)
    .optional()
    .describe('The reader’s language for titles and passages; by default the `Lang` header’s'),
});
export type SearchQueryInput = z.output<typeof searchQuery>;

const segment = z.object({ text: z.string(), mark: z.boolean().describe('A matched part, to show marked') });

export const searchResult = z.object({
  kind: z.enum(SEARCH_KIND_VALUES),
  id: z.number().int().describe('The article, event, journal paper or page id; a download’s file id'),
  title: z.string(),
  titleParts: z.array(segment).describe('The title cut into plain and matched parts (text, never HTML)'),
  otherLanguage: z
    .boolean()
    .describe('The item has no text in the reader’s language: title and passage are in the other'),
  path: z.string().describe('The page, in the reader’s language; a download’s file address (GET /api/amsw1002)'),
  date: z.string().nullable().describe('ISO 8601: published, the event’s start, or the issue’s'),
  passage: z
    .array(segment)
    .describe('Some words of the text around the first match, cut into plain and matched parts; none for a download'),
  parentTitle: z
    .string()
    .nullable()
    .describe('A download: the title of the article, event or page it is named on (else null)'),
});
export type SearchResult = z.output<typeof searchResult>;

export const searchResponse = z.object({
  list: z.array(searchResult),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int().describe('Results over every page, with the filters'),
  totalPages: z.number().int(),
  ownLanguage: z
    .number()
    .int()
    .describe('Results, with the filters, that have text in the reader’s language (the rest are `otherLanguage`)'),
  counts: z
    .object({
      article: z.number().int(),
      event: z.number().int(),
      paper: z.number().int(),
      page: z.number().int(),
      file: z.number().int(),
    })
    .describe('Results of each kind, with the year and when filters but not the kind filter'),
});
export type SearchResponse = z.output<typeof searchResponse>;
