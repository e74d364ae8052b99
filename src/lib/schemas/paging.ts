import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;
export const MAX_KEYWORD_LENGTH = 100;

/** A page number as it arrives in a query string: 1, 2, … */
export const pageParam = z
  .string()
  .regex(/^[1-9]\d{0,5}$/, 'must be a whole number from 1')
  .transform(Number);

/**
 * Paging and keyword search of every public list (API query and page query alike): `page` from 1,
 * `pageSize` 1–50 (default 10), `keyword` up to 100 characters, matched in either language.
 */
export const pagingQuery = z.object({
  page: pageParam.optional().default(1),
  pageSize: z
    .string()
    .regex(/^[1-9]\d?$/, `must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .transform(Number)
    .refine((n) => n <= MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`)
    .optional()
    .default(DEFAULT_PAGE_SIZE),
  keyword: z
    .string()
    .trim()
    .max(MAX_KEYWORD_LENGTH)
    .optional()
    .transform((k) => (k ? k : undefined)),
});
export type PagingQuery = z.output<typeof pagingQuery>;

/** One page of a list: the entries and where they sit in the whole. */
export function pagedResponse<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int().describe('Entries over every page'),
    totalPages: z.number().int(),
  });
}

export interface Paged<T> {
  list: T[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}
