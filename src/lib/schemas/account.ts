import { z } from 'zod';
import { CAPTCHA_ANSWER_MAX, captchaLevelSchema, parseCaptchaPayload } from '../captcha';
import { businessNumberSchema, emailSchema, mobileSchema, personIdSchema } from '../validators/schemas';
import { isPhoneNumber } from '../validators/phone';

/**
 * Request bodies of the account API (amsw0101, amsw0102, amsw0103). The same schemas validate
 * the forms in the browser, the API input and the OpenAPI document.
 */

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).default('');
const phone = z
  .string()
  .trim()
  .max(30)
  .refine((v) => v === '' || isPhoneNumber(v), 'phone')
  .default('');

export const userTypeSchema = z.enum(['individual', 'organ']);
export const localeSchema = z.enum(['zh-tw', 'en-us']);

export const captchaQuery = z.object({
  level: captchaLevelSchema
    .optional()
    .describe('The work asked for: 1 (normal), 2 or 3 (ten and a hundred times more), as a refusal named it'),
});

export const captchaFields = {
  captchaId: z.uuid(),
  captchaAnswer: z
    .string()
    .trim()
    .min(1)
    .max(CAPTCHA_ANSWER_MAX)
    .refine((v) => parseCaptchaPayload(v) !== null, 'captcha')
    .describe('The solved challenge: base64 of the JSON { challenge, solution } (ALTCHA v2 payload)'),
};

export const loginBody = z.object({
  account: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .describe('E-mail, or the national ID (individuals) / business number (organisations)'),
  password: z.string().min(1).max(128),
  remember: z.boolean().default(false),
  tokenInResponse: z
    .boolean()
    .default(false)
    .describe(
      'API clients only: also answer the session token in `data.token` (browsers rely on the HttpOnly cookie and leave this out)',
    ),
  ...captchaFields,
});

export const sendEmailBody = z.object({
  email: emailSchema,
  purpose: z.enum(['signup', 'reset']),
  userType: userTypeSchema.default('individual'),
  ...captchaFields,
});

export const verifyEmailBody = z.object({
  email: emailSchema,
  purpose: z.enum(['signup']).default('signup'),
  userType: userTypeSchema.default('individual'),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'code'),
});

export const checkEmailBody = z.object({ email: emailSchema });
export const checkPersonIdBody = z.object({ personId: personIdSchema });

/** A birth date: a real day, in the past, from 1900 on. */
export const birthDate = z.iso.date().refine((d) => {
  const date = new Date(`${d}T00:00:00Z`);
  return date < new Date() && date.getUTCFullYear() >= 1900;
}, 'birthDate');

export const individualContactFields = {
  nameEn: optionalText(100),
  mobile: mobileSchema,
  phone,
  postalCode: z
    .string()
    .trim()
    .regex(/^(\d{3}|\d{5}|\d{6})?$/, 'postalCode')
    .default(''),
  address: optionalText(200),
};

export const individualWorkFields = {
  workplace: optionalText(100),
  department: optionalText(100),
  jobTitle: optionalText(100),
  education: optionalText(100),
};

/**
 * A person's names: in Chinese and in Latin letters. People from abroad may have no Chinese name,
 * so either will do, but one is needed (`hasAName`, reported on `nameZh` with the key `name`).
 */
export function hasAName(names: { nameZh?: string | undefined; nameEn?: string | undefined }): boolean {
  return (names.nameZh ?? '').trim() !== '' || (names.nameEn ?? '').trim() !== '';
}

/** The sign-up's fields, before the rule across them (the form adds its own fields to these). */
export const createIndividualFields = z.object({
  nameZh: optionalText(50),
  personId: personIdSchema,
  birthDate,
  gender: z.enum(['male', 'female', 'other']).optional(),
  ...individualContactFields,
  ...individualWorkFields,
  password: z.string().min(1).max(128),
});

export const createIndividualBody = createIndividualFields.refine(hasAName, {
  message: 'name',
  path: ['nameZh'],
});

export const editIndividualBody = z.object({
  ...individualContactFields,
  birthDate: z
    .union([z.literal(''), birthDate])
    .default('')
    .describe(
      'Fills in a birth date the account does not have yet (a member brought over from an old system); a stored one stays',
    ),
  preferredLocale: localeSchema.default('zh-tw'),
});
export const editIndividualFormBody = z.object(individualWorkFields);

const organisationFields = {
  name: text(100).min(1),
  nameEn: optionalText(200),
  contactName: text(50).min(1),
  contactTitle: optionalText(50),
  phone: z
    .string()
    .trim()
    .max(30)
    .refine((v) => isPhoneNumber(v), 'phone'),
  fax: phone,
  postalCode: z
    .string()
    .trim()
    .regex(/^(\d{3}|\d{5}|\d{6})?$/, 'postalCode')
    .default(''),
  address: text(200).min(1),
  website: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(300)]).default(''),
  topicIds: z.array(z.number().int().positive()).max(50).default([]),
};

export const createOrganisationBody = z.object({
  ...organisationFields,
  taxId: businessNumberSchema,
  password: z.string().min(1).max(128),
});

export const editOrganisationBody = z.object({
  ...organisationFields,
  /** Left out: the chosen topics stay as they are. */
  topicIds: organisationFields.topicIds.unwrap().optional(),
  preferredLocale: localeSchema.default('zh-tw'),
});

export const changePasswordBody = z.object({
  currentPassword: z.string().min(1).max(128),
  newPassword: z.string().min(1).max(128),
});

export const resetPasswordBody = z.object({ newPassword: z.string().min(1).max(128) });

export const detailQuery = z.object({
  accountId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'accountId')
    .transform(Number),
});

export const linkLineBody = z.object({
  code: z.string().min(1).max(512),
  state: z.string().regex(/^[\w-]{20,100}$/, 'state'),
});

export const lineSimulatorBody = z.object({
  codeChallenge: z.string().regex(/^[\w-]{43}$/, 'codeChallenge'),
  redirectUri: z.url().max(500),
  lineUserId: z.string().regex(/^U[0-9a-f]{32}$/, 'lineUserId'),
  displayName: z.string().trim().min(1).max(50),
});
