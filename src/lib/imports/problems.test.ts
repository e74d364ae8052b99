import { describe, expect, it } from 'vitest';
import { PROBLEM_CODES, problemText } from './problems';

describe('import problems', () => {
  it('has a text in both languages for every problem', () => {
    const values = {
      value: 'x',
      known: 'a, b',
      line: 3,
      start: '2026-01-01',
      end: '2025-12-31',
      joined: '2027-01-01',
      given: 'active',
      derived: 'lapsed',
      memberNo: 'M1',
      max: 200,
    };
    for (const code of PROBLEM_CODES) {
      const zh = problemText({ code, values }, 'zh-tw');
      const en = problemText({ code, values }, 'en-us');
      expect(zh, code).not.toBe('');
      expect(en, code).not.toBe('');
      expect(zh, code).not.toBe(en);
      expect(`${zh}${en}`, code).not.toContain('undefined');
    }
    expect(
      problemText({ code: 'statusContradicts', values: { given: 'active', derived: 'lapsed' } }, 'zh-tw'),
    ).toContain('停權 (lapsed)');
  });
});
