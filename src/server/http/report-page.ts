import type { AstroGlobal } from 'astro';
import type { TFunction } from 'i18next';
import { addMonths, taipeiDate } from '../../lib/calendar-date';
import { formatDay } from '../../lib/format';
import { COMPLIANCE_HORIZONS, REPORT_WINDOWS, reportMonths } from '../../lib/reports/months';
import { monthCategories, type ReportPage, reportRoles } from '../../lib/reports/sections';
import { getT } from '../../i18n';
import { complianceQuery, reportWindowQuery } from '../../lib/schemas/reports';
import { type StaffReader, staffPage } from './staff-page';

/**
 * The period a report covers, chosen on its page: months back to today (`?months=`), or for
 * the compliance report months ahead from today (`?horizon=`); its choices and their texts.
 */
export interface ReportPeriod {
  name: 'months' | 'horizon';
  choices: readonly number[];
  value: number;
  /** The keys of the choice's label and of an option's text (counted). */
  label: string;
  option: string;
  /** The days it runs from and to, as the reader writes them. */
  range: { from: string; to: string };
}

/** The periods' queries, choices and texts: months back (`?months=`), or ahead (`?horizon=`). */
const PERIODS = {
  months: {
    schema: reportWindowQuery,
    choices: REPORT_WINDOWS,
    label: 'reports:window.label',
    option: 'reports:window.months',
  },
  horizon: {
    schema: complianceQuery,
    choices: COMPLIANCE_HORIZONS,
    label: 'reports:compliance.horizon',
    option: 'reports:compliance.horizonMonths',
  },
} as const;

export interface OpenedReport<R> {
  reader: StaffReader;
  /** The report over the period; null while the reader is refused. */
  report: R | null;
  period: ReportPeriod;
  /** The reader's texts. */
  t: TFunction;
  /** A chart's month categories in the reader's language. */
  monthsOf: (months: readonly string[]) => ReturnType<typeof monthCategories>;
}

/**
 * The opening of a report's page (`ReportFrame` draws it): the reader with the report's roles
 * (`staffPage`), the period asked for (the first choice when the query does not parse), and the
 * report `load` makes over it.
 */
export async function reportPage<R>(
  astro: AstroGlobal,
  key: ReportPage['key'],
  load: (months: number) => Promise<R>,
): Promise<Response | OpenedReport<R>> {
  const reader = staffPage(astro, reportRoles(key));
  if (reader instanceof Response) return reader;
  const { locale } = astro.locals;
  const name = key === 'compliance' ? 'horizon' : 'months';
  const { schema, choices, label, option } = PERIODS[name];
  const parsed = schema.safeParse(Object.fromEntries(astro.url.searchParams));
  const value = parsed.success ? (parsed.data as Record<typeof name, number>)[name] : choices[0];
  const today = taipeiDate();
  const [from, to] =
    name === 'horizon' ? [today, addMonths(today, value)] : [reportMonths(today, value)[0]!.first, today];
  const period: ReportPeriod = {
    name,
    choices,
    value,
    label,
    option,
    range: { from: formatDay(from, locale), to: formatDay(to, locale) },
  };
  const t = getT(locale);
  return {
    reader,
    report: reader.refused ? null : await load(period.value),
    period,
    t,
    monthsOf: (months) => monthCategories(months, locale, t),
  };
}
