import { z } from 'zod';
import { idParam, blankIsAbsent } from './common';

/** Where an article stands for the editors: a draft, scheduled, public, or withdrawn. */
export const ARTICLE_STATES = ['draft', 'scheduled', 'published', 'withdrawn'] as const;
export type ArticleState = (typeof ARTICLE_STATES)[number];

/** The articles desk shows this many a page. */
export const DESK_PAGE_SIZE = 50;

/** The articles desk's filter: a category, a state, words, and the page. */
export const articleDeskQuery = z.object({
  category: blankIsAbsent(idParam),
  state: blankIsAbsent(z.enum(ARTICLE_STATES)),
  q: blankIsAbsent(
    z
      .string()
      .trim()
      .max(100)
      .describe('Words in the title, summary or text, in either language, found as site search finds them'),
  ),
  page: blankIsAbsent(idParam),
});
export type ArticleDeskFilter = z.output<typeof articleDeskQuery>;

export const id = z.number().int().positive().max(2_147_483_647);
export const line = (max: number) => z.string().trim().max(max);
/** Rich text as HTML; sanitised on the server before it is stored. */
export const html = z.string().max(200_000);
/** The `updatedAt` a form was filled from (a change in between refuses the save: -10). */
export const formReadAt = z.iso.datetime({ offset: true });

/** The title (Chinese required) and summary per language of an article, an event or a page. */
export const headingFields = {
  titleZh: line(200).min(1),
  titleEn: line(200).default(''),
  summaryZh: line(1000).default(''),
  summaryEn: line(1000).default(''),
};

/** The rich text per language of an article or a page; absent where its content type is not rich text. */
export const bodyFields = {
  bodyZh: html.optional(),
  bodyEn: html.optional(),
};

/** The title and summary per language as a desk shows them to edit. */
export const headingView = {
  titleZh: z.string(),
  titleEn: z.string(),
  summaryZh: z.string(),
  summaryEn: z.string(),
};

/** The content type and the rich text per language as a desk shows them to edit. */
export const bodyView = {
  contentType: z.string(),
  /** Null when the content type is not rich text (the form leaves the body as it is). */
  bodyZh: z.string().nullable(),
  bodyEn: z.string().nullable(),
};

/**
 * What the article form sends: texts per language (zh-tw title required, English optional), the
 * category, pinned, the publish day (Taipei; today or none means now) and whether to publish.
 * `body*` is absent for an article whose content type is not rich text (its body is kept).
 */
export const articleFormFields = z.object({
  categoryId: id,
  ...headingFields,
  ...bodyFields,
  pinned: z.boolean().default(false),
  publishedOn: z.union([z.literal(''), z.iso.date()]).default(''),
  /** What the cover shows, per language (absent: as it is). */
  coverAltZh: line(200).optional(),
  coverAltEn: line(200).optional(),
});

/** A cover picture among the society's files; null for none; absent, the cover stays as it is. */
export const coverField = id.nullable().optional();

export const articleSaveBody = articleFormFields.extend({
  /** Absent: a new article. */
  articleId: id.optional(),
  coverFileId: coverField,
  /** Publish with this save (a draft or a withdrawn article becomes public, or scheduled). */
  publish: z.boolean().default(false),
});
export type ArticleSaveInput = z.output<typeof articleSaveBody>;

export const articleIdBody = z.object({ articleId: id });
export const articleIdQuery = z.object({ articleId: idParam });

export const deskArticleRow = z.object({
  articleId: z.number().int(),
  title: z.string(),
  categoryName: z.string(),
  state: z.enum(ARTICLE_STATES),
  pinned: z.boolean(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});

export const deskArticleList = z.object({
  rows: z.array(deskArticleRow),
  page: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

export const deskArticleView = z.object({
  articleId: z.number().int(),
  categoryId: z.number().int(),
  ...headingView,
  ...bodyView,
  pinned: z.boolean(),
  coverFileId: z.number().int().nullable(),
  coverAltZh: z.string(),
  coverAltEn: z.string(),
  state: z.enum(ARTICLE_STATES),
  publishedAt: z.string().nullable(),
  unpublishAt: z.string().nullable(),
  updatedAt: z.string(),
  previewUrl: z.string().describe('A signed preview address, valid for a day'),
});
export type DeskArticle = z.infer<typeof deskArticleView>;

/** The article form in the browser: the category as its select sends it. */
export const articleForm = articleFormFields.extend({ categoryId: z.string().regex(/^[1-9]\d{0,9}$/) });
