import { z } from 'zod';
import { normalizeTaiwanMobile } from './phone';
import { isTaiwanBusinessNumber, normalizePersonId, personIdKind } from './tw-id';

/**
 * Zod schemas for form fields, shared by the browser and the server. Each failure's message is a
 * short key ('personId', 'businessNumber', 'email', 'mobile') for the UI to translate.
 * The schemas normalize what they accept, so parse results are in canonical form.
 */

/** 身分證 or 居留證 number, typed in any case, with spaces or full-width; outputs e.g. 'A123456789'. */
export const personIdSchema = z
  .string()
  .overwrite(normalizePersonId)
  .refine((value) => personIdKind(value) !== null, 'personId');

/** 統一編號; spaces and full-width digits are tolerated, output is the 8 digits. */
export const businessNumberSchema = z
  .string()
  .overwrite((value) => value.normalize('NFKC').replace(/\s+/g, ''))
  .refine(isTaiwanBusinessNumber, 'businessNumber');

/** E-mail address, trimmed and lower-cased; at most 254 characters (RFC 5321 path limit). */
export const emailSchema = z.string().trim().toLowerCase().max(254, 'email').pipe(z.email('email'));

/** Taiwanese mobile number (09… or +886 9…); outputs the national form '09xxxxxxxx'. */
export const mobileSchema = z
  .string()
  .overwrite((value) => normalizeTaiwanMobile(value) ?? value)
  .refine((value) => /^09\d{8}$/.test(value), 'mobile');
