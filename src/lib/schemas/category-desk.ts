import { z } from 'zod';
import { formReadAt, id, line } from './content-desk';
import { idParam } from './common';

/** The categories the desk keeps: the articles' and the events'. */
export const CATEGORY_KINDS = ['article', 'event'] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];
const kind = z.enum(CATEGORY_KINDS).default('article');

/**
 * What the category form sends: the name in both languages (Chinese required), an optional
 * description (article categories only), its place in the order (smaller first) and whether the
 * site lists it.
 */
export const categoryFormFields = z.object({
  nameZh: line(100).min(1),
  nameEn: line(100).default(''),
  descriptionZh: line(500).default(''),
  descriptionEn: line(500).default(''),
  sort: z.number().int().min(0).max(9999).default(0),
  visible: z.boolean().default(true),
});

export const categorySaveBody = categoryFormFields.extend({
  kind,
  /** Absent: a new category. */
  categoryId: id.optional(),
  /** The category's `updatedAt` the form was read with; required when changing one. */
  updatedAt: formReadAt.optional(),
});
export type CategorySaveInput = z.output<typeof categorySaveBody>;

export const categoryDeleteBody = z.object({ kind, categoryId: id, updatedAt: formReadAt });
export const categoryIdQuery = z.object({ kind, categoryId: idParam });
export const categoryListQuery = z.object({ kind });

export const deskCategoryView = z.object({
  kind: z.enum(CATEGORY_KINDS),
  categoryId: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
  descriptionZh: z.string(),
  descriptionEn: z.string(),
  sort: z.number().int(),
  visible: z.boolean(),
  /** How many articles or events (whatever their state) are filed under it. */
  items: z.number().int(),
  updatedAt: z.string(),
});
export type DeskCategory = z.infer<typeof deskCategoryView>;
export const deskCategoryList = z.object({ rows: z.array(deskCategoryView) });

/** The category form in the browser: the order as its number field sends it. */
export const categoryForm = categoryFormFields.extend({ sort: z.coerce.number().int().min(0).max(9999) });
