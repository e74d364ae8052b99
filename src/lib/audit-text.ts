import type { TFunction } from 'i18next';
import { PERSON_FIELD_LABELS } from './person-fields';
import { ROLES, type Role } from './roles';
import { roleNameKey } from './staff-sections';

/**
 * The audit log in the reader's language: an action's name (`content.article.update` →
 * 修改文章 / Article changed; a group's name where an action has none of its own) and an entry's
 * values as one line (`remember: false` → 記住登入：否 / Remember me: No; role codes by their names;
 * lists and nested values spelled out, not as JSON).
 */
export function auditActionName(t: TFunction, action: string): string {
  const group = action.split('.')[0]!;
  const own = action.includes('.') ? t(`staff:audit.actionNames.${action}`, { defaultValue: '' }) : '';
  return own || t(`staff:audit.actions.${group}`, { defaultValue: action });
}

/** A field's name: the log's own, else a person's field as the correction names it (`mobile` → 手機). */
function fieldName(t: TFunction, key: string): string {
  const own = t(`staff:audit.fields.${key}`, { defaultValue: '' });
  const person = PERSON_FIELD_LABELS[key];
  return own || (person ? t(person) : key);
}

/**
 * A value of the field `key`: a role or a coded word (`words: text`, `method: totp`) by its name,
 * the fields a change touched (`fields: [email]`) by theirs.
 */
function valueText(t: TFunction, key: string, value: unknown): string {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0))
    return t('staff:audit.values.none');
  if (typeof value === 'boolean') return t(value ? 'staff:audit.values.yes' : 'staff:audit.values.no');
  if (typeof value === 'string') {
    if ((ROLES as readonly string[]).includes(value)) return t(roleNameKey(value as Role));
    if (key === 'fields' || key === 'changed') return fieldName(t, value);
    return t(`staff:audit.valueNames.${key}.${value}`, { defaultValue: value });
  }
  if (Array.isArray(value))
    return value
      .map((v) => (v && typeof v === 'object' ? `(${valueText(t, key, v)})` : valueText(t, key, v)))
      .join(', ');
  if (typeof value === 'object') return pairs(t, value as Record<string, unknown>, ', ');
  return String(value);
}

function pairs(t: TFunction, values: Record<string, unknown>, separator: string): string {
  return Object.entries(values)
    .map(([key, value]) => `${fieldName(t, key)}: ${valueText(t, key, value)}`)
    .join(separator);
}

/** An entry's values (before, after or detail) as one line for a cell. */
export function auditValuesText(t: TFunction, values: Record<string, unknown> | null): string {
  return values ? pairs(t, values, '; ') : '';
}

/** What an entry is about, where it names no person: its kind and number (文章 12 / Article 12). */
export function auditTargetText(t: TFunction, type: string | null, id: string | number | null): string {
  return type ? `${t(`staff:audit.targets.${type}`, { defaultValue: type })} ${id ?? ''}`.trim() : '';
}
