import type { TFunction } from 'i18next';
import { dateTimeFormat } from '../intl';
import type { Locale } from '../locales';
import type { Role } from '../roles';

/** A report of the staff console, and who reads it (DESIGN.md §19: each role its own numbers). */
export interface ReportPage {
  key: 'members' | 'finance' | 'compliance' | 'courses';
  path: string;
  roles: readonly Role[];
}

export const REPORT_PAGES: readonly ReportPage[] = [
  { key: 'members', path: '/staff/reports/members', roles: ['office', 'admin'] },
  { key: 'finance', path: '/staff/reports/finance', roles: ['finance', 'admin'] },
  { key: 'compliance', path: '/staff/reports/compliance', roles: ['ceOfficer', 'admin'] },
  { key: 'courses', path: '/staff/reports/courses', roles: ['ceOfficer', 'admin'] },
];

export function reportRoles(key: ReportPage['key']): readonly Role[] {
  return REPORT_PAGES.find((p) => p.key === key)!.roles;
}

/** Everyone who reads one report or more: the section's roles. */
export const REPORT_ROLES: readonly Role[] = [...new Set(REPORT_PAGES.flatMap((p) => p.roles))];

/** The reports these (usable) roles open. */
export function reportsFor(roles: readonly Role[]): ReportPage[] {
  return REPORT_PAGES.filter((p) => p.roles.some((r) => roles.includes(r)));
}

const MONTH_NAMES = dateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });

/**
 * Months (`YYYY-MM`) as a chart's categories: the name in the table ("2026 年 1 月", "Jan 2026")
 * and the short lines under a bar (the month, and the year under the first and every January).
 */
export function monthCategories(
  months: readonly string[],
  locale: Locale,
  t: TFunction,
): { label: string; short: [string, string?] }[] {
  return months.map((m, i) => {
    const year = m.slice(0, 4);
    const month = Number(m.slice(5, 7));
    const monthName = locale === 'en-us' ? MONTH_NAMES.format(new Date(Date.UTC(2000, month - 1, 1))) : '';
    const values = { year, month, monthName };
    const label = t('reports:monthLabel', values);
    const short = t('reports:monthShort', values);
    // The year under every January, and under the first month unless a January follows closely.
    const yearShown = month === 1 || (i === 0 && (13 - month) % 12 >= 3);
    return { label, short: yearShown ? [short, year] : [short] };
  });
}
