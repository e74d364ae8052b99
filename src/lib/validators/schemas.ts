import { z } from 'zod';
import { normalizeMobile } from './phone';
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

/**
 * Mobile number: Taiwanese (09… or +886 9…, output '09xxxxxxxx') or international in E.164
 * ('+44 20 7946 0958', output '+442079460958'); see `normalizeMobile`.
 */
export const mobileSchema = z
  .string()
  .overwrite((value) => normalizeMobile(value) ?? value)
  .refine((value) => /^(?:09\d{8}|\+[1-9]\d{7,14})$/.test(value), 'mobile');
