import { z } from 'zod';

/** A database id as it arrives in a query string or path: digits only, within int4. */
export const idParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'must be a positive whole number')
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, 'is too large');

export const bilingualText = z.string();

/** A value a form sends empty when left blank (a GET form's field, a multipart field): absent. */
export const blankIsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * A rule's own message in both languages: English as the message (what the API answers),
 * Traditional Chinese in its params, for reports that list problems in both (the society file's
 * check). Spread into a refinement's options or a custom issue.
 */
export function said(zh: string, en: string): { message: string; params: { zh: string } } {
  return { message: en, params: { zh } };
}

/** A file offered for download with an article, custom page or event. */
export const attachmentView = z.object({
  fileId: z.number().int().describe('Fetch with GET /api/amsw1002?fileId='),
  label: z.string(),
  name: z.string().describe('The stored file name'),
  contentType: z.string(),
  size: z.number().int().describe('Bytes'),
});
export type AttachmentView = z.infer<typeof attachmentView>;

/** An id from a page's query string or path, or null when it is not one (the page answers 404). */
export function idFrom(raw: string | null | undefined): number | null {
  const parsed = idParam.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
