import { z } from 'zod';

export const individualAccountResponse = z.object({
  userType: z.literal('individual'),
  accountId: z.number().int(),
  email: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  maskedName: z.string().describe('First and last character kept'),
  personIdMasked: z.string(),
  isMember: z.boolean(),
  memberNo: z.string().nullable(),
  memberClassId: z.number().int().nullable(),
  memberStatus: z.string().nullable(),
  mustChangePassword: z.boolean(),
  lineLinked: z.boolean(),
  preferredLocale: z.string(),
  createdAt: z.string(),
});

export const organisationAccountResponse = z.object({
  userType: z.literal('organ'),
  accountId: z.number().int(),
  email: z.string(),
  name: z.string(),
  nameEn: z.string(),
  taxId: z.string(),
  contactName: z.string(),
  mustChangePassword: z.boolean(),
  preferredLocale: z.string(),
  createdAt: z.string(),
});

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
  birthDate: z.string().describe('YYYY-MM-DD'),
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
