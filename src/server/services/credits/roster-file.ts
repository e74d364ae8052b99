/**
 * An accredited course's attendance roster as an organisation uploads it (issue 11): a CSV or
 * Excel sheet with one line per attendee (national ID, name, sign-in and sign-out times). Read
 * with `csv-parse` and `exceljs` (decision record 011); every line is either a `RosterLine` or a
 * problem with its reason, never silently dropped.
 */
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import type { CalendarDate } from '../../../lib/calendar-date';
import { type PresentSpan, type RosterProblemReason, spansOverlap } from '../../../lib/credits/accreditation';
import { normalizePersonId, personIdKind } from '../../../lib/validators/tw-id';
import { unzippedSize } from '../files/zip-size';

/** More lines than any course has: a longer file is refused as a whole. */
export const MAX_ROSTER_LINES = 10_000;

/**
 * What a workbook may unpack to: a sheet of `MAX_ROSTER_LINES` lines takes a few megabytes. A
 * workbook that unpacks to more is refused before it is read (as too long), never unpacked whole.
 */
export const MAX_WORKBOOK_BYTES = 32 * 1024 * 1024;

/** A national ID or resident certificate number, normalised (a member number is not taken). */
export type RosterIdentifier = { kind: 'personId'; value: string };

export interface RosterLine {
  /** The line's number in the file as a spreadsheet shows it (the header is line 1). */
  line: number;
  identifier: RosterIdentifier;
  /** The attendee's name as written: matched with the ID against the account's names. */
  name: string;
  signIn: Date;
  signOut: Date;
}

export interface RosterProblem {
  line: number;
  /** What the line gave as the attendee (a national ID masked later, where it is shown). */
  identifier: string;
  reason: RosterProblemReason;
}

/** Why a file cannot be read as a roster at all. */
export class RosterFileError extends Error {
  constructor(readonly reason: 'unreadable' | 'empty' | 'tooLong' | 'noIdentifierColumn' | 'noNameColumn') {
    super(`roster file ${reason}`);
  }
}

type Cell = string | Date | number | null;

type Column = 'identifier' | 'name' | 'signIn' | 'signOut';

const HEADERS: { column: Column; pattern: RegExp }[] = [
  { column: 'identifier', pattern: /身分證|身份證|居留證|national|identifier|\bid\b/i },
  { column: 'name', pattern: /姓名|名字|name/i },
  { column: 'signIn', pattern: /簽到|sign[\s_-]*in|check[\s_-]*in|arriv/i },
  { column: 'signOut', pattern: /簽退|sign[\s_-]*out|check[\s_-]*out|leav/i },
];

/** The columns of a file without a header row. */
const IN_ORDER: Record<Column, number> = { identifier: 0, name: 1, signIn: 2, signOut: 3 };

/**
 * The roster's lines and the problems of the lines that cannot be read, from a CSV (UTF-8, with or
 * without a byte-order mark) or an .xlsx file's first sheet. Columns are found by their headers
 * (Chinese or English); without a header row they are taken as national ID, name, sign-in,
 * sign-out. A time without a date is on `days[0]` when the course has one day (and a problem
 * otherwise).
 */
export async function readRosterFile(
  bytes: Uint8Array,
  format: 'csv' | 'xlsx',
  days: readonly CalendarDate[],
): Promise<{ lines: RosterLine[]; problems: RosterProblem[] }> {
  const rows = format === 'csv' ? csvRows(bytes) : await xlsxRows(bytes);
  const firstIndex = rows.findIndex((r) => r.cells.some((c) => text(c) !== ''));
  if (firstIndex < 0) throw new RosterFileError('empty');
  const columns = headerColumns(rows[firstIndex]!.cells);
  const body = rows.slice(columns ? firstIndex + 1 : firstIndex).filter((r) => r.cells.some((c) => text(c) !== ''));
  if (body.length === 0) throw new RosterFileError('empty');
  if (body.length > MAX_ROSTER_LINES) throw new RosterFileError('tooLong');
  const at = columns ?? IN_ORDER;

  const lines: RosterLine[] = [];
  const problems: RosterProblem[] = [];
  // Each attendee's spans so far: a second line of theirs that overlaps one is a duplicate; one
  // at another time (the afternoon, the second day) is more attendance.
  const seen = new Map<string, PresentSpan[]>();
  for (const { line, cells } of body) {
    const raw = text(cells[at.identifier] ?? null);
    const identifier = identifierOf(raw);
    if (!identifier) {
      problems.push({ line, identifier: raw, reason: 'noIdentifier' });
      continue;
    }
    const name = text(cells[at.name] ?? null).replace(/\s+/g, ' ');
    if (name === '') {
      problems.push({ line, identifier: identifier.value, reason: 'noName' });
      continue;
    }
    const signIn = momentOf(cells[at.signIn] ?? null, days);
    const signOut = momentOf(cells[at.signOut] ?? null, days);
    if (!signIn || !signOut) problems.push({ line, identifier: identifier.value, reason: 'badTime' });
    else if (signOut.getTime() <= signIn.getTime())
      problems.push({ line, identifier: identifier.value, reason: 'signOutBeforeSignIn' });
    else {
      const key = `${identifier.kind}:${identifier.value}`;
      const spans = seen.get(key) ?? [];
      if (spans.some((span) => spansOverlap(span, { signIn, signOut })))
        problems.push({ line, identifier: identifier.value, reason: 'duplicate' });
      else {
        seen.set(key, [...spans, { signIn, signOut }]);
        lines.push({ line, identifier, name, signIn, signOut });
      }
    }
  }
  return { lines, problems };
}

function csvRows(bytes: Uint8Array): { line: number; cells: Cell[] }[] {
  let records: string[][];
  try {
    const input = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    records = parse(input, { bom: true, relax_column_count: true, skip_empty_lines: false, trim: true });
  } catch {
    throw new RosterFileError('unreadable');
  }
  if (records.length > MAX_ROSTER_LINES + 1) throw new RosterFileError('tooLong');
  return records.map((cells, i) => ({ line: i + 1, cells }));
}

async function xlsxRows(bytes: Uint8Array): Promise<{ line: number; cells: Cell[] }[]> {
  const size = unzippedSize(bytes, MAX_WORKBOOK_BYTES);
  if (size !== 'within') throw new RosterFileError(size === 'over' ? 'tooLong' : 'unreadable');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as never);
  } catch {
    throw new RosterFileError('unreadable');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new RosterFileError('empty');
  if (sheet.rowCount > MAX_ROSTER_LINES + 1) throw new RosterFileError('tooLong');
  const rows: { line: number; cells: Cell[] }[] = [];
  sheet.eachRow((row, line) => {
    const cells: Cell[] = [];
    for (let c = 1; c <= Math.max(4, row.cellCount); c++) cells.push(cellValue(row.getCell(c).value));
    rows.push({ line, cells });
  });
  return rows;
}

/** A spreadsheet cell as text, a date or a number (formulas by their result, rich text by its text). */
function cellValue(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return String(value);
  if ('result' in value) return cellValue((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value) return String(value.text);
  return null;
}

function text(cell: Cell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return cell.toISOString();
  return String(cell).trim();
}

/**
 * The header row's columns, when the row is one (it names a time, and then must name the
 * attendee's national ID and name).
 */
function headerColumns(cells: Cell[]): Record<Column, number> | null {
  const found: Partial<Record<Column, number>> = {};
  cells.forEach((cell, i) => {
    const name = typeof cell === 'string' ? cell : '';
    for (const { column, pattern } of HEADERS)
      if (found[column] === undefined && pattern.test(name)) {
        found[column] = i;
        break;
      }
  });
  if (found.signIn === undefined && found.signOut === undefined) return null;
  // A header row that names the times but not who attended: the national ID and the name both.
  if (found.identifier === undefined) throw new RosterFileError('noIdentifierColumn');
  if (found.name === undefined) throw new RosterFileError('noNameColumn');
  return {
    identifier: found.identifier,
    name: found.name,
    signIn: found.signIn ?? IN_ORDER.signIn,
    signOut: found.signOut ?? IN_ORDER.signOut,
  };
}

/** A national ID or resident certificate number (normalised); anything else (a member number) is none. */
function identifierOf(raw: string): RosterIdentifier | null {
  if (raw === '') return null;
  const personId = normalizePersonId(raw);
  return personIdKind(personId) !== null ? { kind: 'personId', value: personId } : null;
}

const TAIPEI_OFFSET_MS = 8 * 3_600_000;

/**
 * A sign-in or sign-out moment: `2026-12-05 09:00` (or with `/`, or `T`, optionally seconds), or a
 * time alone on a one-day course; a spreadsheet's date-time cell is Taipei wall-clock time.
 */
function momentOf(cell: Cell, days: readonly CalendarDate[]): Date | null {
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return null;
    // A time-only cell is a day fraction counted from 1899-12-30.
    if (cell.getUTCFullYear() < 1900)
      return days.length === 1 ? wallClock(days[0]!, cell.getUTCHours(), cell.getUTCMinutes()) : null;
    return new Date(cell.getTime() - TAIPEI_OFFSET_MS);
  }
  if (typeof cell === 'number') {
    // A day fraction written as a number (0.375 is 09:00).
    if (!(cell >= 0 && cell < 1) || days.length !== 1) return null;
    const minutes = Math.round(cell * 1440);
    return wallClock(days[0]!, Math.floor(minutes / 60), minutes % 60);
  }
  const value = text(cell);
  const full = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})[\sT]+(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value);
  if (full) {
    const [, y, mo, d, h, mi] = full;
    const day = `${y}-${mo!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
    return validClock(Number(h), Number(mi)) && isRealDay(day) ? wallClock(day, Number(h), Number(mi)) : null;
  }
  const time = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value);
  if (time && days.length === 1 && validClock(Number(time[1]), Number(time[2])))
    return wallClock(days[0]!, Number(time[1]), Number(time[2]));
  return null;
}

function validClock(hours: number, minutes: number): boolean {
  return hours <= 23 && minutes <= 59;
}

function isRealDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

function wallClock(day: CalendarDate, hours: number, minutes: number): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + (hours * 60 + minutes) * 60_000 - TAIPEI_OFFSET_MS);
}
