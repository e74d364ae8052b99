import type { z } from 'zod';
import { ErrorCode, type ErrorCodeValue } from '../../lib/error-codes';

const DATE_FORMATS = new Set(['date', 'datetime', 'time', 'duration']);

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value: unknown = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Turns zod's issues into one business code (DESIGN.md §5): a missing key is -2, a badly
 * formatted date or time -5, any other failed rule -10. `fields` names every offending field.
 */
export function codeForIssues(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
): { code: ErrorCodeValue; fields: string[] } {
  const fields = [...new Set(issues.map((i) => i.path.map(String).join('.') || '(root)'))];
  const missing = issues.some(
    (i) => i.code === 'invalid_type' && i.path.length > 0 && valueAt(input, i.path) === undefined,
  );
  if (missing) return { code: ErrorCode.KEY_MISSING, fields };
  const badDate = issues.some(
    (i) => i.code === 'invalid_format' && DATE_FORMATS.has((i as { format?: string }).format ?? ''),
  );
  if (badDate) return { code: ErrorCode.DATE_FORMAT, fields };
  return { code: ErrorCode.DATA_CHECK, fields };
}
