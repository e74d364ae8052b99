import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idParam } from '@/lib/schemas/common';
import { codeForIssues } from './validation';

const issues = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return codeForIssues(result.error.issues, input);
};

describe('codeForIssues', () => {
  const schema = z.object({ id: idParam, when: z.iso.datetime(), nested: z.object({ n: z.number() }) });

  it('prefers -2 for a missing key, also inside nested objects', () => {
    expect(issues(schema, { id: '1', when: '2026-01-01T00:00:00Z', nested: {} })).toEqual({
      code: -2,
      fields: ['nested.n'],
    });
  });

  it('answers -5 for a date or time in the wrong format', () => {
    expect(issues(schema, { id: '1', when: 'yesterday', nested: { n: 1 } }).code).toBe(-5);
  });

  it('answers -10 for other broken rules', () => {
    expect(issues(schema, { id: 'x', when: '2026-01-01T00:00:00Z', nested: { n: 1 } })).toEqual({
      code: -10,
      fields: ['id'],
    });
    expect(issues(schema, { id: '1', when: '2026-01-01T00:00:00Z', nested: { n: 'one' } }).code).toBe(-10);
  });
});

describe('idParam', () => {
  it('accepts positive int4 ids only', () => {
    expect(idParam.parse('42')).toBe(42);
    for (const bad of ['0', '-1', '01', '1.0', '2147483648', ' 1', ''])
      expect(idParam.safeParse(bad).success, bad).toBe(false);
  });
});
