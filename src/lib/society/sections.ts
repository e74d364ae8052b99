/**
 * The society file in sections, as the staff console's forms edit it (DESIGN.md §18–19): each
 * section is one part of the file, and a form's value goes back into the whole file before the
 * same checks and plan as the file's text. The society's name, short name, contact, footer and
 * copyright are the web info form's (`/staff/content/webInfo`), not a section here.
 */
import type { SocietyProblem } from './problems';

export const SOCIETY_SECTIONS = ['system', 'membership', 'classes', 'topics', 'certifications', 'brand'] as const;
export type SocietySectionName = (typeof SOCIETY_SECTIONS)[number];

/** The file's keys a section holds: one key's value, or (brand) an object of several top-level keys. */
export const SECTION_KEY: Partial<Record<SocietySectionName, string>> = {
  system: 'settings',
  membership: 'membership',
  classes: 'classes',
  topics: 'topics',
  certifications: 'certifications',
};
export const BRAND_KEYS = ['description', 'color', 'logo', 'favicon', 'remittance'] as const;

/** A section of a society in the file's form (as the export writes it). */
export function sectionOf(society: object, name: SocietySectionName): unknown {
  const file = society as Record<string, unknown>;
  const key = SECTION_KEY[name];
  if (key) return file[key];
  return Object.fromEntries(BRAND_KEYS.map((k) => [k, file[k]]));
}

/**
 * The society with one section replaced by `value` (nothing checked yet but the brand's keys:
 * those given replace the stored ones), or the problems with it.
 */
export function withSection(
  society: object,
  name: SocietySectionName,
  value: unknown,
): { value: Record<string, unknown> } | { problems: SocietyProblem[] } {
  const key = SECTION_KEY[name];
  if (key) return { value: { ...society, [key]: value } };
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { problems: [{ path: '', zh: '須為一組設定', en: 'must be an object of settings' }] };
  const extra = Object.keys(value).filter((k) => !(BRAND_KEYS as readonly string[]).includes(k));
  if (extra.length)
    return {
      problems: extra.map((k) => ({ path: k, zh: '不屬於此區塊', en: 'is not part of this section' })),
    };
  // The keys given replace the stored ones; a key left out (a picture) stays as stored.
  return { value: { ...society, ...value } };
}

/** Whether a problem's path (`classes[2].entranceFee`, `color`) lies in the section. */
export function inSection(path: string, name: SocietySectionName): boolean {
  const key = SECTION_KEY[name];
  const head = /^[^.[]*/.exec(path)![0];
  return key ? head === key : (BRAND_KEYS as readonly string[]).includes(head);
}
