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

  it('accepts numbers from abroad in E.164 and outputs them without separators', () => {
    expect(mobileSchema.parse('+44 20 7946 0958')).toBe('+442079460958');
    expect(mobileSchema.parse('+1-415-555-0132')).toBe('+14155550132');
    expect(mobileSchema.parse('+81 90.1234.5678')).toBe('+819012345678');
    expect(mobileSchema.parse('+852 5123 4567')).toBe('+85251234567');
  });

  it("rejects anything else with the 'mobile' key", () => {
    expect(messages(mobileSchema, '02-2345-6789')).toEqual(['mobile']);
    expect(messages(mobileSchema, '')).toEqual(['mobile']);
    expect(messages(mobileSchema, '+886 0912 345 678')).toEqual(['mobile']);
    // A Taiwanese landline is not a mobile, with or without the country code.
    expect(messages(mobileSchema, '+886 2 2345 6789')).toEqual(['mobile']);
    // No country code starts with 0; too short or too long for E.164; no '+'.
    expect(messages(mobileSchema, '+0 20 7946 0958')).toEqual(['mobile']);
    expect(messages(mobileSchema, '+44 123 45')).toEqual(['mobile']);
    expect(messages(mobileSchema, '+44 2079 4609 5812 3456')).toEqual(['mobile']);
    expect(messages(mobileSchema, '0044 20 7946 0958')).toEqual(['mobile']);
    expect(messages(mobileSchema, '+44  20 7946 0958')).toEqual(['mobile']);
  });
});
