import { z } from 'zod';
import { INDEX_PART_TYPES } from '../content-types';
import { safeUrl } from '../safe-url';

/**
 * The content desk's home blocks and files (DESIGN.md §19, Content): what the forms send and what
 * the API answers.
 */

const id = z.number().int().positive().max(2_147_483_647);
const line = (max: number) => z.string().trim().max(max);
/** The `updatedAt` a form was filled from: a change since refuses the save (-10 `contentChanged`). */
const seen = z.iso.datetime({ offset: true });

export const MOVE_DIRECTIONS = ['up', 'down'] as const;

/** A home block's own fields: its title in both languages, how many news or events it lists, and whether it shows. */
export const homeBlockFields = z.object({
  titleZh: line(100).min(1),
  titleEn: line(100).default(''),
  itemLimit: z.number().int().min(1).max(24).default(6),
  visible: z.boolean().default(true),
});

export const homeBlockSaveBody = homeBlockFields.extend({
  /** Absent: a new block, of `type`, placed last. */
  indexPartId: id.optional(),
  type: z.enum(INDEX_PART_TYPES).optional(),
  updatedAt: seen.optional(),
});
export type HomeBlockSaveInput = z.output<typeof homeBlockSaveBody>;

export const homeBlockMoveBody = z.object({ indexPartId: id, direction: z.enum(MOVE_DIRECTIONS) });
export const homeBlockDeleteBody = z.object({ indexPartId: id, updatedAt: seen });
export const homeBlockIdQuery = z.object({
  indexPartId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number),
});

/** A link: a path of this site (`/news/list`) or a web address; empty for none. */
const link = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || (safeUrl(v) !== null && !/^(mailto|tel):/i.test(v)), {
    message: 'must be a path of this site (/…) or a web address (https://…)',
  });

/** An entry of a carousel, card or link block. */
export const homeItemFields = z.object({
  titleZh: line(200).min(1),
  titleEn: line(200).default(''),
  descriptionZh: line(1000).default(''),
  descriptionEn: line(1000).default(''),
  imageAltZh: line(200).default(''),
  imageAltEn: line(200).default(''),
  linkUrl: link.default(''),
  openInNewTab: z.boolean().default(false),
});

export const homeItemSaveBody = homeItemFields.extend({
  indexPartId: id,
  /** Absent: a new entry, placed last. */
  itemId: id.optional(),
  imageFileId: id.nullable().default(null),
  updatedAt: seen.optional(),
});
export type HomeItemSaveInput = z.output<typeof homeItemSaveBody>;

export const homeItemMoveBody = z.object({ itemId: id, direction: z.enum(MOVE_DIRECTIONS) });
export const homeItemDeleteBody = z.object({ itemId: id, updatedAt: seen });

export const homeItemView = z.object({
  itemId: z.number().int(),
  titleZh: z.string(),
  titleEn: z.string(),
  descriptionZh: z.string(),
  descriptionEn: z.string(),
  imageFileId: z.number().int().nullable(),
  imageName: z.string().nullable(),
  imageAltZh: z.string(),
  imageAltEn: z.string(),
  linkUrl: z.string(),
  openInNewTab: z.boolean(),
  updatedAt: z.string(),
});
export type HomeItemView = z.infer<typeof homeItemView>;

export const homeBlockView = z.object({
  indexPartId: z.number().int(),
  type: z.enum(INDEX_PART_TYPES),
  titleZh: z.string(),
  titleEn: z.string(),
  itemLimit: z.number().int(),
  visible: z.boolean(),
  updatedAt: z.string(),
  /** Carousel, card and link blocks: their entries in order; empty for the others. */
  items: z.array(homeItemView),
});
export type HomeBlockView = z.infer<typeof homeBlockView>;

export const homeBlockList = z.object({ blocks: z.array(homeBlockView) });

/** The island's forms: numbers as their inputs send them. */
export const homeBlockForm = homeBlockFields.extend({ itemLimit: z.string().regex(/^([1-9]|1\d|2[0-4])$/) });
/** The entry form's fields carry `item` before their names: the block's own form beside it has a title too. */
export const homeItemForm = z.object(
  Object.fromEntries(
    Object.entries(homeItemFields.shape).map(([name, schema]) => [
      `item${name[0]!.toUpperCase()}${name.slice(1)}`,
      schema,
    ]),
  ) as { [K in keyof typeof homeItemFields.shape as `item${Capitalize<K>}`]: (typeof homeItemFields.shape)[K] },
);

// --- Files --------------------------------------------------------------------------------------

/** The types the site shows: pictures (resized on the server) and PDF documents. */
export const CONTENT_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export const CONTENT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** A picture is kept at most this wide and high (pixels); a larger one is scaled down. */
export const CONTENT_IMAGE_MAX_EDGE = 2000;
/** The files desk shows this many a page. */
export const FILES_PAGE_SIZE = 50;

export const contentFilesQuery = z.object({
  page: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[1-9]\d{0,5}$/)
      .transform(Number)
      .optional(),
  ),
  kind: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['image', 'pdf']).optional()),
});
export type ContentFilesFilter = z.output<typeof contentFilesQuery>;

export const contentFileDeleteBody = z.object({ fileId: id });

/** Where a file is shown: the kind of content, its id and its title in the reader's language. */
export const fileUsageView = z.object({
  kind: z.enum(['homeBlock', 'article', 'event', 'page', 'journal', 'journalNumber', 'journalPaper', 'site']),
  id: z.number().int(),
  title: z.string(),
});
export type FileUsage = z.infer<typeof fileUsageView>;

export const contentFileView = z.object({
  fileId: z.number().int(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  createdAt: z.string(),
  usedBy: z.array(fileUsageView),
});
export type ContentFileView = z.infer<typeof contentFileView>;

export const contentFileList = z.object({
  rows: z.array(contentFileView),
  page: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

export const contentFileUploaded = contentFileView.extend({
  /** The picture was scaled down to fit `CONTENT_IMAGE_MAX_EDGE` (its size before). */
  resizedFrom: z.object({ width: z.number().int(), height: z.number().int() }).nullable(),
});
export type ContentFileUploaded = z.infer<typeof contentFileUploaded>;
