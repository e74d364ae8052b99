import type { z } from 'zod';
import { societyFileSchema, type SocietyFile } from './society-file';

/** `['classes', 2, 'entranceFee']` as `classes[2].entranceFee`. */
export function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`))
    .join('');
}

/** One thing wrong with a society file: where, and what, in both languages. */
export interface SocietyProblem {
  /** `classes[2].entranceFee`; empty for the file as a whole. */
  path: string;
  zh: string;
  en: string;
}

type Words = { zh: string; en: string };
type RawIssue = Parameters<z.core.$ZodErrorMap>[0];

const KIND: Record<string, Words> = {
  string: { zh: '須為文字', en: 'must be a text' },
  number: { zh: '須為數字', en: 'must be a number' },
  int: { zh: '須為整數', en: 'must be a whole number' },
  boolean: { zh: '須為 true 或 false', en: 'must be true or false' },
  array: { zh: '須為清單', en: 'must be a list' },
  object: { zh: '須為一組欄位', en: 'must be a group of keys' },
};

/**
 * A problem of the file's shape in the file's own words, in both languages (`required`, `at least
 * 0`, `one of calendarYear, months`), never a validator's (`Invalid input: expected string,
 * received undefined`).
 */
function words(issue: RawIssue): Words {
  const range = (bound: 'min' | 'max', n: number | bigint, origin: string, inclusive = true): Words => {
    if (origin === 'string')
      return bound === 'min'
        ? { zh: `至少 ${n} 個字`, en: `at least ${n} characters` }
        : { zh: `最多 ${n} 個字`, en: `at most ${n} characters` };
    if (origin === 'array' || origin === 'set')
      return bound === 'min'
        ? { zh: `至少 ${n} 項`, en: `at least ${n} items` }
        : { zh: `最多 ${n} 項`, en: `at most ${n} items` };
    if (bound === 'min')
      return inclusive ? { zh: `不可小於 ${n}`, en: `at least ${n}` } : { zh: `須大於 ${n}`, en: `more than ${n}` };
    return inclusive ? { zh: `不可大於 ${n}`, en: `at most ${n}` } : { zh: `須小於 ${n}`, en: `less than ${n}` };
  };
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return { zh: '必填', en: 'required' };
      return KIND[issue.expected] ?? { zh: '格式不正確', en: 'not in the right form' };
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return { zh: '必填，不可空白', en: 'required' };
      return range('min', issue.minimum, issue.origin, issue.inclusive);
    case 'too_big':
      return range('max', issue.maximum, issue.origin, issue.inclusive);
    case 'invalid_format':
      return issue.format === 'email'
        ? { zh: '須為電子郵件地址', en: 'must be an e-mail address' }
        : { zh: '格式不正確', en: 'not in the right form' };
    case 'unrecognized_keys':
      return {
        zh: `不認得的欄位 ${issue.keys.join('、')}（拼錯了嗎？）`,
        en: `unknown key${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')} (misspelt?)`,
      };
    case 'invalid_value':
      return {
        zh: `須為 ${issue.values.map(String).join('、')} 其中之一`,
        en: `one of ${issue.values.map(String).join(', ')}`,
      };
    default:
      return { zh: '格式不正確', en: 'not in the right form' };
  }
}

const zhTW: z.core.$ZodErrorMap = (issue) => words(issue).zh;
const en: z.core.$ZodErrorMap = (issue) => words(issue).en;

/**
 * Checks a parsed society file (YAML or JSON, already read into a value): the file with its
 * defaults filled, or every problem with its path in Traditional Chinese and English: the shape's
 * in the file's own words (`words`), the file's own rules with both texts (`said`), all at once.
 */
export function checkSociety(
  value: unknown,
): { ok: true; society: SocietyFile } | { ok: false; problems: SocietyProblem[] } {
  const english = societyFileSchema.safeParse(value, { error: en });
  if (english.success) return { ok: true, society: english.data };
  const chinese = societyFileSchema.safeParse(value, { error: zhTW });
  const zhIssues = chinese.success ? [] : chinese.error.issues;
  return {
    ok: false,
    problems: english.error.issues.map((issue, i) => {
      const twin = zhIssues[i];
      const params = (issue as { params?: { zh?: string } }).params;
      return {
        path: pathText(issue.path),
        en: issue.message,
        zh: params?.zh ?? twin?.message ?? issue.message,
      };
    }),
  };
}
