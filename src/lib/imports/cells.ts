/**
 * Cells of the files the import and export commands read and write: dates, points, and CSV
 * quoting with a guard against spreadsheet formulas. Pure.
 */
import { type CalendarDate, isCalendarDate } from '../calendar-date';

/** `2026-01-31`, also `2026/1/31` or `2026.01.31`: a real calendar date, or null. */
export function parseDate(value: string): CalendarDate | null {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(value.trim());
  if (!m) return null;
  const date = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  return isCalendarDate(date) ? date : null;
}

/** Points as written (`2`, `1.5`, `０.５`) in tenths, above 0 and below 1000; null otherwise. */
export function parsePoints(value: string): number | null {
  const text = value.normalize('NFKC').trim();
  if (!/^\d{1,3}(?:\.\d0*)?$/.test(text)) return null;
  const tenths = Math.round(Number(text) * 10);
  return tenths > 0 && tenths < 10_000 ? tenths : null;
}

/** Tenths as points to write back (`15` → `1.5`, `20` → `2`). */
export function formatPoints(tenths: number): string {
  return tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1);
}

/**
 * A spreadsheet opening a CSV (or editing a workbook's cell) runs a cell that starts with one of
 * these as a formula: an export writes such a cell with a leading apostrophe (as spreadsheets
 * themselves do; a workbook's cell also in the Text format), and an import reads it back without it.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function isFormulaLike(value: string): boolean {
  return FORMULA_START.test(value);
}

export function guardCell(value: string): string {
  return isFormulaLike(value) ? `'${value}` : value;
}

export function unguardCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** One CSV line (RFC 4180, CRLF), every cell guarded. */
export function csvLine(cells: readonly string[]): string {
  return `${cells
    .map((cell) => {
      const value = guardCell(cell);
      return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;
    })
    .join(',')}\r\n`;
}
