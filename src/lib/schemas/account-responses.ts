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
