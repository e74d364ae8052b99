import { z } from 'zod';

/** A database id as it arrives in a query string or path: digits only, within int4. */
export const idParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'must be a positive whole number')
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, 'is too large');

export const bilingualText = z.string();
