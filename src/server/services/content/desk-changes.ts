/**
 * What the content desks share (DESIGN.md §19, Content): bilingual texts from a form's two
 * fields, the audit's changed fields, the stale-form check, moving an entry up or down a list kept
 * in order by `sort`, and the moment a publish day stands for.
 */
import { startOfTaipeiDate, taipeiDate } from '../../../lib/calendar-date';
import { ErrorCode } from '../../../lib/error-codes';
import type { I18nText } from '../../../lib/i18n-text';
import { AppError } from '../../app-error';

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
 * Refuses a form filled before the row's last change (-10, `key`: `contentChanged` unless the
 * desk names its own), as the people desk does: the editor reloads and sees the other change
 * before saving over it. `seen` is the row's `updatedAt` the form was read with.
 */
export function assertFresh(updatedAt: Date, seen: string | undefined, key = 'contentChanged'): void {
  if (seen === undefined || updatedAt.getTime() !== new Date(seen).getTime())
    throw new AppError(ErrorCode.DATA_CHECK, null, { key });
}

/** Texts in both languages as stored: English only when given. */
export const texts = (zh: string, en: string): I18nText => (en ? { 'zh-tw': zh, 'en-us': en } : { 'zh-tw': zh });

/** Optional texts: null when neither language is given. */
export const optionalTexts = (zh: string, en: string): I18nText | null => (zh || en ? texts(zh, en) : null);

/** A bilingual text as a desk form's two fields (`titleZh`, `titleEn` for `title`), '' for a language not given. */
export function deskText<K extends string>(key: K, text: I18nText | null | undefined) {
  return { [`${key}Zh`]: text?.['zh-tw'] ?? '', [`${key}En`]: text?.['en-us'] ?? '' } as Record<
    `${K}Zh` | `${K}En`,
    string
  >;
}

/**
 * The new `sort` of the entries of an ordered list (given in their order) after moving `id` one
 * place up or down: every entry numbered 10, 20, … in its new place; only those whose number
 * changes are answered. Null when `id` is not in the list; nothing when it is already at that end.
 */
export function moveInOrder(
  rows: readonly { id: number; sort: number }[],
  id: number,
  direction: 'up' | 'down',
): { id: number; sort: number }[] | null {
  const order = rows.map((r) => r.id);
  const at = order.indexOf(id);
  if (at < 0) return null;
  const to = direction === 'up' ? at - 1 : at + 1;
  if (to >= 0 && to < order.length) [order[at], order[to]] = [order[to]!, order[at]!];
  const before = new Map(rows.map((r) => [r.id, r.sort]));
  return order.map((rowId, i) => ({ id: rowId, sort: (i + 1) * 10 })).filter((r) => before.get(r.id) !== r.sort);
}

/**
 * The moment a publish day stands for: the moment already kept when the day is none or its own
 * (Taipei) day, so saving a form unchanged keeps the time of day; otherwise today (Taipei) or none
 * is now, another day its start.
 */
export function publishMoment(publishedOn: string, now: Date, kept: Date | null = null): Date {
  if (kept && (!publishedOn || publishedOn === taipeiDate(kept))) return kept;
  if (!publishedOn || publishedOn === taipeiDate(now)) return now;
  return startOfTaipeiDate(publishedOn as Parameters<typeof startOfTaipeiDate>[0]);
}
