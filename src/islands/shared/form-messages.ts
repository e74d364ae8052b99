import type { TFunction } from 'i18next';
import type { z } from 'zod';

const VALIDATION_KEYS = new Set([
  'email',
  'personId',
  'businessNumber',
  'mobile',
  'phone',
  'birthDate',
  'postalCode',
  'code',
  'website',
  'mismatch',
  'secondFactorCode',
]);

/**
 * A zod issue as a sentence in the reader's language. The shared schemas put a message key in
 * custom checks ('personId', 'mobile', …); the rest is told by the issue's kind.
 */
export function issueMessage(issue: z.core.$ZodIssue, fieldLabel: string, t: TFunction): string {
  if (issue.message && VALIDATION_KEYS.has(issue.message)) return t(`account:validation.${issue.message}`);
  if (issue.code === 'too_small' && (issue as { minimum?: number | bigint }).minimum === 1) {
    return t('account:validation.required', { field: fieldLabel });
  }
  if (issue.code === 'invalid_type') return t('account:validation.required', { field: fieldLabel });
  if (issue.code === 'too_big') return t('account:validation.tooLong', { field: fieldLabel });
  return t('account:validation.invalid', { field: fieldLabel });
}
