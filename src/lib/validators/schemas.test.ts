import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { businessNumberSchema, emailSchema, mobileSchema, personIdSchema } from './schemas';

const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('personIdSchema', () => {
  it('normalizes and accepts national IDs and resident certificates', () => {
    expect(personIdSchema.parse('A123456789')).toBe('A123456789');
    expect(personIdSchema.parse(' a123 456 789 ')).toBe('A123456789');
    expect(personIdSchema.parse('ａ１２３４５６７８９')).toBe('A123456789');
    expect(personIdSchema.parse('a800000014')).toBe('A800000014');
    expect(personIdSchema.parse('ac01234567')).toBe('AC01234567');
  });

  it("rejects invalid numbers with the 'personId' key", () => {
    expect(messages(personIdSchema, 'A123456788')).toEqual(['personId']);
    expect(messages(personIdSchema, '')).toEqual(['personId']);
    expect(messages(personIdSchema, '04595257')).toEqual(['personId']);
    expect(personIdSchema.safeParse(undefined).success).toBe(false);
  });
});

describe('businessNumberSchema', () => {
  it('accepts valid numbers, tolerating spaces and full-width digits', () => {
    expect(businessNumberSchema.parse('22099131')).toBe('22099131');
    expect(businessNumberSchema.parse(' 2209 9131 ')).toBe('22099131');
    expect(businessNumberSchema.parse('０４５９５２５７')).toBe('04595257');
    expect(businessNumberSchema.parse('10458574')).toBe('10458574');
  });

  it("rejects invalid numbers with the 'businessNumber' key", () => {
    expect(messages(businessNumberSchema, '12345678')).toEqual(['businessNumber']);
    expect(messages(businessNumberSchema, '2209913')).toEqual(['businessNumber']);
    expect(businessNumberSchema.safeParse(22099131).success).toBe(false);
  });
});

describe('emailSchema', () => {
  it('trims and lower-cases', () => {
    expect(emailSchema.parse('  Mei.Ling@Example.COM.tw ')).toBe('mei.ling@example.com.tw');
  });

  it("rejects invalid addresses with one 'email' issue", () => {
    expect(messages(emailSchema, 'not-an-email')).toEqual(['email']);
    expect(messages(emailSchema, '')).toEqual(['email']);
    expect(messages(emailSchema, 'a@b')).toEqual(['email']);
  });

  it('allows at most 254 characters', () => {
    const domain = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.tw`; // 195 characters
    const at254 = `${'x'.repeat(254 - domain.length - 1)}@${domain}`;
    expect(at254).toHaveLength(254);
    expect(emailSchema.parse(at254)).toBe(at254);
    expect(messages(emailSchema, `x${at254}`)).toEqual(['email']);
  });
});

describe('mobileSchema', () => {
  it('accepts Taiwanese mobiles and outputs the national form', () => {
    expect(mobileSchema.parse('0912345678')).toBe('0912345678');
    expect(mobileSchema.parse(' 0912-345-678 ')).toBe('0912345678');
    expect(mobileSchema.parse('+886 912 345 678')).toBe('0912345678');
  });

  it("rejects anything else with the 'mobile' key", () => {
    expect(messages(mobileSchema, '02-2345-6789')).toEqual(['mobile']);
    expect(messages(mobileSchema, '')).toEqual(['mobile']);
    expect(messages(mobileSchema, '+886 0912 345 678')).toEqual(['mobile']);
  });
});
