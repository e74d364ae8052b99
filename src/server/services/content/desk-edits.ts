/**
 * What the editors' desks (articles, categories, events, pages, web info) share: bilingual texts
 * from a form's two fields, the audit log's before and after of what changed, and the stale-form
 * check.
 */
import { ErrorCode } from '../../../lib/error-codes';
import type { I18nText } from '../../../lib/i18n-text';
import { AppError } from '../../http/app-error';

/** A bilingual text from the form's Chinese and (optional) English fields. */
export const texts = (zh: string, en: string): I18nText => (en ? { 'zh-tw': zh, 'en-us': en } : { 'zh-tw': zh });

/** A bilingual text that may be left empty in both languages: null then. */
export const optionalTexts = (zh: string, en: string): I18nText | null => (zh || en ? texts(zh, en) : null);

/** JSON with object keys in order, so a value read back from `jsonb` (which reorders keys) equals the one written. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** Only the fields that differ, before and after (object keys in any order). */
export function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => canonical(before[k]) !== canonical(after[k]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
    changed: keys.length > 0,
  };
}

/**
 * Refuses (-10, `key`) a form filled from a row that has changed since: `updatedAt` is the row's
 * `updatedAt` the form was read with.
 */
export function assertUnchanged(stored: Date, formRead: string, key: string): void {
  if (stored.toISOString() !== new Date(formRead).toISOString())
    throw new AppError(ErrorCode.DATA_CHECK, null, { key });
}
