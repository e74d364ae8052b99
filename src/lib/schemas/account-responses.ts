import { z } from 'zod';
import { MEMBERSHIP_STATUSES } from '../membership/terms';
import { ROLES } from '../roles';

export const emailTokenResponse = z.object({
  emailToken: z.string().describe('Send as the EmailAuthorization header'),
  expiresAt: z.string(),
});

export const individualDetailResponse = z.object({
  accountId: z.number().int(),
  email: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  personIdMasked: z.string().describe('The national ID is never answered in full'),
  birthDate: z.string().nullable().describe('YYYY-MM-DD; null until a member brought over from an old system gives it'),
  gender: z.enum(['male', 'female', 'other']).nullable(),
  mobile: z.string(),
  phone: z.string(),
  postalCode: z.string(),
  address: z.string(),
  workplace: z.string(),
  department: z.string(),
  jobTitle: z.string(),
  education: z.string(),
  preferredLocale: z.string(),
  updatedAt: z.string(),
});

/** An individual's whole editable profile, as the profile answers it and the office's story reads it. */
export type IndividualDetail = z.infer<typeof individualDetailResponse>;

export const organisationDetailResponse = z.object({
  accountId: z.number().int(),
  email: z.string(),
  name: z.string(),
  nameEn: z.string(),
  taxId: z.string(),
  contactName: z.string(),
  contactTitle: z.string(),
  phone: z.string(),
  fax: z.string(),
  postalCode: z.string(),
  address: z.string(),
  website: z.string(),
  topicIds: z.array(z.number().int()),
  preferredLocale: z.string(),
  updatedAt: z.string(),
});

/** The signed-in individual as the header and the member centre show it: part of the profile, plus its state. */
export const individualAccountResponse = individualDetailResponse
  .pick({ accountId: true, email: true, nameZh: true, nameEn: true, personIdMasked: true, preferredLocale: true })
  .extend({
    userType: z.literal('individual'),
    maskedName: z.string().describe('First and last character kept'),
    isMember: z.boolean(),
    memberNo: z.string().nullable(),
    memberClassId: z.number().int().nullable(),
    memberStatus: z
      .enum(MEMBERSHIP_STATUSES)
      .nullable()
      .describe('Follows from the term, grace period, pause and quit dates; null for a web user'),
    roles: z
      .array(z.enum(ROLES))
      .describe('Reviewer roles per queue, and the staff roles the session may use (after its second factor)'),
    mustChangePassword: z.boolean(),
    lineLinked: z.boolean(),
    createdAt: z.string(),
  });

/** The signed-in organisation as its centre shows it. */
export const organisationAccountResponse = organisationDetailResponse
  .pick({
    accountId: true,
    email: true,
    name: true,
    nameEn: true,
    taxId: true,
    contactName: true,
    preferredLocale: true,
  })
  .extend({
    userType: z.literal('organ'),
    mustChangePassword: z.boolean(),
    createdAt: z.string(),
  });
