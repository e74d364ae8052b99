import { z } from 'zod';
import { BUTTON_SIZES, CONTENT_TYPES, contentBody, SPACINGS } from '../content-types';
import { attachmentView, idParam } from './common';
import { pagedResponse, pagingQuery } from './paging';

/** `GET /api/amsw0301`: published articles, optionally of one category, with keyword search. */
export const articleListQuery = pagingQuery.extend({ articleCategoryId: idParam.optional() });
export type ArticleListQuery = z.output<typeof articleListQuery>;

export const articleDetailQuery = z.object({ articleId: idParam });

/** A custom page's address below the site root: lowercase letters, digits and hyphens, segments joined by `/`. */
export const customPageSlug = z
  .string()
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/, 'must be lowercase words joined by - and /');

export const customPageQuery = z.object({ slug: customPageSlug });

export const articleCategoryResponse = z.object({
  articleCategoryList: z.array(
    z.object({
      articleCategoryId: z.number().int(),
      name: z.string(),
      description: z.string(),
    }),
  ),
});

export const articleListItem = z.object({
  articleId: z.number().int(),
  articleCategoryId: z.number().int(),
  categoryName: z.string(),
  title: z.string(),
  summary: z.string().describe('At most 100 characters'),
  coverFileId: z.number().int().nullable().describe('Fetch with GET /api/amsw1002?fileId='),
  coverWidth: z.number().int().nullable(),
  coverHeight: z.number().int().nullable(),
  pinned: z.boolean(),
  publishedAt: z.string().describe('ISO 8601'),
});

export const articleListResponse = pagedResponse(articleListItem);

/** The body an article and a custom page share, in the reader's language, its HTML sanitised. */
const bodyFields = {
  contentType: z.enum(CONTENT_TYPES),
  spacing: z.enum(SPACINGS),
  buttonSize: z.enum(BUTTON_SIZES),
  content: contentBody.describe('Only the list of the content type is set; every HTML string is sanitised'),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
  attachments: z.array(attachmentView),
};

const neighbour = z.object({ articleId: z.number().int(), title: z.string() }).nullable();

export const articleDetailResponse = z.object({
  articleId: z.number().int(),
  articleCategoryId: z.number().int(),
  categoryName: z.string(),
  title: z.string(),
  summary: z.string().describe('The whole summary'),
  coverFileId: z.number().int().nullable(),
  coverAlt: z.string().describe('What the cover shows, in the language asked; empty when none was given'),
  coverWidth: z.number().int().nullable(),
  coverHeight: z.number().int().nullable(),
  pinned: z.boolean(),
  publishedAt: z.string().nullable().describe('ISO 8601; null only in a preview of a draft'),
  updatedAt: z.string(),
  ...bodyFields,
  previous: neighbour.describe('The next older article of the same category'),
  next: neighbour.describe('The next newer article of the same category'),
});

export const customPageResponse = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  updatedAt: z.string(),
  ...bodyFields,
});
