import { describe, expect, it } from 'vitest';
import { checkPassword, createPasswordSchema, PASSWORD_RULES, passwordSchema, passwordUserInputs } from './password';

const failed = (password: string, context = {}) => checkPassword(password, context).failed;

describe('PASSWORD_RULES', () => {
  it('lists every rule once, in checklist order', () => {
    expect(PASSWORD_RULES).toEqual(['length', 'letter', 'digit', 'notPersonal', 'noEdgeSpaces', 'notGuessable']);
  });
});

describe('checkPassword', () => {
  it('accepts a password meeting every rule', () => {
    expect(checkPassword('correct1horse')).toEqual({ ok: true, failed: [] });
    expect(checkPassword('abcdefg1')).toEqual({ ok: true, failed: [] });
    expect(checkPassword('pass word 123')).toEqual({ ok: true, failed: [] }); // inner spaces are fine
  });

  it('reports every failed rule in order', () => {
    expect(checkPassword('')).toEqual({ ok: false, failed: ['length', 'letter', 'digit'] });
    expect(failed(' ')).toEqual(['length', 'letter', 'digit', 'noEdgeSpaces']);
  });

  it('requires 8 to 64 characters', () => {
    expect(failed('abcdef1')).toEqual(['length']);
    expect(failed('abcdefg1')).toEqual([]);
    expect(failed('a1'.repeat(32))).toEqual([]);
    expect(failed('a1'.repeat(32) + 'x')).toEqual(['length']);
  });

  it('counts length in code points', () => {
    expect(failed('a1😀😀😀😀😀')).toEqual(['length']); // 7 code points, 12 UTF-16 units
    expect(failed('a1😀😀😀😀😀😀')).toEqual([]);
    expect(failed('a1' + '😀'.repeat(62))).toEqual([]);
    expect(failed('a1' + '😀'.repeat(63))).toEqual(['length']);
  });

  it('requires a letter and a digit', () => {
    expect(failed('12345678')).toEqual(['letter']);
    expect(failed('abcdefgh')).toEqual(['digit']);
    expect(failed('!@#$%^&*')).toEqual(['letter', 'digit']);
    expect(failed('密碼密碼密碼1234')).toEqual([]); // any Unicode letter counts
    expect(failed('ABCDEFG9')).toEqual([]);
  });

  it('rejects leading and trailing whitespace', () => {
    expect(failed(' abcdefg1')).toEqual(['noEdgeSpaces']);
    expect(failed('abcdefg1 ')).toEqual(['noEdgeSpaces']);
    expect(failed('abcdefg1\t')).toEqual(['noEdgeSpaces']);
    expect(failed('abcdefg1\u3000')).toEqual(['noEdgeSpaces']);
  });

  it('rejects the e-mail local part, ignoring case', () => {
    const context = { email: 'Mei.Ling2024@example.com.tw' };
    expect(failed('mei.ling2024', context)).toEqual(['notPersonal']);
    expect(failed('MEI.LING2024', context)).toEqual(['notPersonal']);
    expect(failed('mei.ling2025', context)).toEqual([]);
    expect(failed('mei.ling2024@example.com.tw', context)).toEqual([]); // only equality is forbidden
  });

  it('compares with the whole e-mail text while no @ has been typed', () => {
    expect(failed('meiling2024', { email: 'meiling2024' })).toEqual(['notPersonal']);
  });

  it('rejects the person ID, normalized', () => {
    const context = { personId: 'A123456789' };
    expect(failed('A123456789', context)).toEqual(['notPersonal']);
    expect(failed('a123456789', context)).toEqual(['notPersonal']);
    expect(failed('a123456789', { personId: ' a123 456 789 ' })).toEqual(['notPersonal']);
    expect(failed('A123456788', context)).toEqual([]);
  });

  it('ignores missing or empty personal data', () => {
    expect(failed('abcdefg1', { email: '', personId: '' })).toEqual([]);
    expect(failed('abcdefg1', { email: null, personId: null })).toEqual([]);
    expect(failed('abcdefg1', { email: '@example.com' })).toEqual([]);
  });
});

describe('passwordSchema', () => {
  const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((issue) => issue.message) ?? [];

  it('accepts a valid password unchanged', () => {
    expect(passwordSchema.parse('correct1horse')).toBe('correct1horse');
  });

  it('reports each failed rule key as a message', () => {
    expect(messages(passwordSchema.safeParse('abc'))).toEqual(['length', 'digit']);
    expect(messages(passwordSchema.safeParse(' abcdefg1'))).toEqual(['noEdgeSpaces']);
  });

  it('rejects non-strings', () => {
    expect(passwordSchema.safeParse(12345678).success).toBe(false);
    expect(passwordSchema.safeParse(undefined).success).toBe(false);
  });

  it('enforces notPersonal when given the personal data', () => {
    const schema = createPasswordSchema({ email: 'wang1234@example.tw', personId: 'A123456789' });
    expect(messages(schema.safeParse('Wang1234'))).toEqual(['notPersonal']);
    expect(messages(schema.safeParse('a123456789'))).toEqual(['notPersonal']);
    expect(schema.safeParse('wang12345').success).toBe(true);
    expect(passwordSchema.safeParse('wang1234').success).toBe(true);
  });
});

describe('notGuessable', () => {
  it('is left out without a strength estimate', () => {
    expect(checkPassword('Password1')).toEqual({ ok: true, failed: [] });
  });

  it('fails below score 3 and passes from 3 up', () => {
    const estimate = (score: 0 | 1 | 2 | 3 | 4) => ({ score, warning: null, suggestions: [] });
    expect(failed('Password1', {})).toEqual([]);
    expect(checkPassword('Password1', {}, estimate(2)).failed).toEqual(['notGuessable']);
    expect(checkPassword('Password1', {}, estimate(3)).failed).toEqual([]);
    expect(checkPassword('abc', {}, estimate(0)).failed).toEqual(['length', 'digit', 'notGuessable']);
  });
});

describe('passwordUserInputs', () => {
  it('lists the e-mail name and its parts, the person ID and the names, lower-cased', () => {
    expect(
      passwordUserInputs({
        email: 'Mei.Ling2024@example.com.tw',
        personId: 'a123456789',
        names: ['Chen Mei-Ling', '陳美玲', null, ''],
      }),
    ).toEqual([
      'mei.ling2024',
      'mei',
      'ling2024',
      'a123456789',
      'chen mei-ling',
      'chenmeiling',
      'chen',
      'mei-ling',
      'meiling',
      'ling',
      '陳美玲',
    ]);
  });

  it('is empty without personal data', () => {
    expect(passwordUserInputs({})).toEqual([]);
  });
});
