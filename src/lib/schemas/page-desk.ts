import { z } from 'zod';
import { customPageSlug } from './articles';
import { blankIsAbsent, idParam } from './common';
import { bodyFields, bodyView, formReadAt, headingFields, headingView, id } from './content-desk';

/** Where a custom page stands for the editors: a draft (off the site) or published. */
export const PAGE_STATES = ['draft', 'published'] as const;
export type PageState = (typeof PAGE_STATES)[number];

/**
 * First segments of the site's own addresses: a custom page there would never be reached (the
 * site's route answers first), so such an address is refused.
 */
export const RESERVED_PAGE_ROOTS = [
  'api',
  'article',
  'credit',
  'event',
  'journals',
  'line',
  'login',
  'member',
  'news',
  'organ',
  'password',
  'payment',
  'preview',
  'search',
  'signin',
  'staff',
  'verify',
  'en-us',
  'zh-tw',
  '404',
  '500',
] as const;

/** A page's address: lowercase words joined by - and /, not under one of the site's own addresses. */
export const pageSlug = customPageSlug.refine(
  (slug) => !(RESERVED_PAGE_ROOTS as readonly string[]).includes(slug.split('/')[0]!),
  'is one of the site’s own addresses',
);

/**
 * What the custom page form sends: its address, title and summary per language (Chinese title
 * required) and the rich text of each language (sanitised on the server). `body*` is absent for
 * a page whose content type is not rich text (its body is kept).
 */
export const pageFormFields = z.object({
  slug: pageSlug,
  ...headingFields,
  ...bodyFields,
});

export const pageSaveBody = pageFormFields.extend({
  /** Absent: a new page. */
  pageId: id.optional(),
  /** The page's `updatedAt` the form was read with; required when changing one. */
  updatedAt: formReadAt.optional(),
  /** Publish with this save (a draft goes on the site now). */
  publish: z.boolean().default(false),
});
export type PageSaveInput = z.output<typeof pageSaveBody>;

export const pageUnpublishBody = z.object({ pageId: id, updatedAt: formReadAt });

export const deskPageView = z.object({
  pageId: z.number().int(),
  slug: z.string(),
  ...headingView,
  ...bodyView,
  state: z.enum(PAGE_STATES),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type DeskPage = z.infer<typeof deskPageView>;

export const deskPageRow = deskPageView.pick({ pageId: true, slug: true, state: true, updatedAt: true }).extend({
  title: z.string(),
});
export const deskPageList = z.object({
  rows: z.array(deskPageRow),
  page: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

/** The pages desk's filter: a state, words, and the page (50 a page, by address). */
export const pageDeskQuery = z.object({
  state: blankIsAbsent(z.enum(PAGE_STATES)),
  q: blankIsAbsent(
    z
      .string()
      .trim()
      .max(100)
      .describe('Words in the title, summary or text, in either language, found as site search finds them'),
  ),
  page: blankIsAbsent(idParam),
});
export type PageDeskFilter = z.output<typeof pageDeskQuery>;
