import { z } from 'zod';
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

const zhTW = z.locales.zhTW().localeError;
const en = z.locales.en().localeError;

/**
 * Checks a parsed society file (YAML or JSON, already read into a value): the file with its
 * defaults filled, or every problem with its path in Traditional Chinese and English. Zod's own
 * messages come from its two locales; the file's own rules carry both (`said`).
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
