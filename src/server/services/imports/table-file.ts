/**
 * The files the operators' import and export commands read and write: CSV (UTF-8, or Big5 when
 * asked) or an Excel workbook (`.xlsx`, its first sheet), told by the extension. Both are streamed
 * a line at a time, never held whole: `csv-parse`'s stream parser, ExcelJS's `WorkbookReader` and
 * `WorkbookWriter` (decision record 011). A workbook is first unpacked as a stream with a cap
 * (`unzippedSizeOfFile`), so a small file that unpacks to gigabytes is refused before it is read.
 */
import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  openSync,
  readSync,
  type WriteStream,
} from 'node:fs';
import { once } from 'node:events';
import { Transform } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { csvLine, guardCell, isFormulaLike, unguardCell } from '../../../lib/imports/cells';
import { unzippedSizeOfFile } from '../files/zip-size';

export type TableFormat = 'csv' | 'xlsx';
export type TableEncoding = 'utf-8' | 'big5';

/**
 * What a workbook may unpack to: a sheet of 50,000 members with every column takes some 40 MB of
 * XML and its shared strings; this leaves room for several times that, and nothing near a bomb.
 */
export const MAX_IMPORT_WORKBOOK_BYTES = 512 * 1024 * 1024;

/** Why a file cannot be read (or written) at all, with what to say. */
export class TableFileError extends Error {
  constructor(
    readonly reason: 'format' | 'missing' | 'encoding' | 'workbook' | 'unreadable' | 'tooLarge' | 'empty' | 'exists',
    readonly detail: string = '',
  ) {
    super(`${reason}${detail ? `: ${detail}` : ''}`);
  }
}

/** The format a file name's extension gives, or null. */
export function formatOf(file: string): TableFormat | null {
  const lower = file.toLowerCase();
  return lower.endsWith('.csv') ? 'csv' : lower.endsWith('.xlsx') ? 'xlsx' : null;
}

export interface TableRow {
  /** The line as a spreadsheet numbers it (1 is the first, the header). */
  line: number;
  /** Each cell as text, trimmed (dates as YYYY-MM-DD). */
  cells: string[];
}

/** The rows of a CSV or workbook file, one at a time. */
export async function* readTable(file: string, encoding: TableEncoding = 'utf-8'): AsyncGenerator<TableRow> {
  const format = formatOf(file);
  if (!format) throw new TableFileError('format', file);
  if (!existsSync(file)) throw new TableFileError('missing', file);
  if (format === 'csv') {
    if (isWorkbook(file)) throw new TableFileError('workbook', file);
    yield* csvRows(file, encoding);
  } else yield* xlsxRows(file);
}

/** Whether a file's first bytes are an Excel workbook's: a zip (`.xlsx`) or an OLE file (the old `.xls`). */
function isWorkbookHead(head: Uint8Array): boolean {
  const starts = (magic: number[]) => magic.every((byte, i) => head[i] === byte);
  return starts([0x50, 0x4b, 0x03, 0x04]) || starts([0xd0, 0xcf, 0x11, 0xe0]);
}

/** Whether a file named `.csv` is an Excel workbook. */
function isWorkbook(file: string): boolean {
  const head = Buffer.alloc(4);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 4, 0);
  } finally {
    closeSync(fd);
  }
  return isWorkbookHead(head);
}

/**
 * The checks of a CSV file held whole (an upload), before it is stored: a workbook named `.csv`,
 * and bytes that are not the encoding, as `readTable` would find them (`TableFileError`).
 */
export function checkCsvBytes(bytes: Uint8Array, name: string, encoding: TableEncoding): void {
  if (isWorkbookHead(bytes.subarray(0, 4))) throw new TableFileError('workbook', name);
  const text = new TextDecoder(encoding, { fatal: true });
  const step = 1024 * 1024;
  try {
    // A slice at a time, so no string of the whole file is made.
    for (let at = 0; at < bytes.length; at += step) text.decode(bytes.subarray(at, at + step), { stream: true });
    text.decode();
  } catch {
    throw new TableFileError('encoding', encoding);
  }
}

/** Decodes a byte stream to text, refusing bytes that are not the encoding (a Big5 file read as UTF-8). */
function decoder(encoding: TableEncoding): Transform {
  const text = new TextDecoder(encoding, { fatal: true });
  return new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _enc, done) {
      try {
        done(null, text.decode(chunk, { stream: true }));
      } catch {
        done(new TableFileError('encoding', encoding));
      }
    },
    flush(done) {
      try {
        const rest = text.decode();
        done(null, rest === '' ? undefined : rest);
      } catch {
        done(new TableFileError('encoding', encoding));
      }
    },
  });
}

async function* csvRows(file: string, encoding: TableEncoding): AsyncGenerator<TableRow> {
  const parser = parse({ relax_column_count: true, skip_empty_lines: false, trim: true, bom: true });
  const source = createReadStream(file);
  const text = decoder(encoding);
  const fail = (error: unknown) => parser.destroy(error instanceof Error ? error : new Error(String(error)));
  source.on('error', fail);
  text.on('error', fail);
  source.pipe(text).pipe(parser);
  let line = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      line += 1;
      yield { line, cells: record.map(unguardCell) };
    }
  } catch (error) {
    if (error instanceof TableFileError) throw error;
    throw new TableFileError('unreadable', `line ${line + 1}: ${(error as Error).message}`);
  } finally {
    source.destroy();
  }
}

async function* xlsxRows(file: string): AsyncGenerator<TableRow> {
  const size = await unzippedSizeOfFile(file, MAX_IMPORT_WORKBOOK_BYTES);
  if (size === 'over') throw new TableFileError('tooLarge', `${MAX_IMPORT_WORKBOOK_BYTES / 1024 / 1024} MiB`);
  if (size === 'unreadable') throw new TableFileError('unreadable', file);
  const workbook = utf8WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  });
  try {
    for await (const sheet of workbook) {
      for await (const row of sheet) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1);
        yield { line: row.number, cells: Array.from(values, (value) => cellText(value)) };
      }
      break; // the first sheet only
    }
  } catch (error) {
    if (error instanceof TableFileError) throw error;
    throw new TableFileError('unreadable', (error as Error).message);
  }
}

/** What of ExcelJS's streaming reader (4.4) is wrapped below: not in its typings. */
interface ReaderInternals {
  _parseSharedStrings(entry: NodeJS.ReadableStream): AsyncGenerator<unknown>;
  _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string): AsyncGenerator<unknown>;
}
const READER = ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as ReaderInternals;
if (typeof READER._parseSharedStrings !== 'function' || typeof READER._parseWorksheet !== 'function')
  throw new Error('ExcelJS changed: its streaming reader no longer has the steps table-file.ts wraps');

/**
 * ExcelJS's streaming reader decodes each chunk of a sheet's XML on its own, so a character split
 * between two chunks comes out garbled (a Chinese name, at random lines of a large file). Given
 * text instead of bytes it decodes nothing: the shared strings are read as text decoded across
 * chunks (`setEncoding`), the worksheets through a streaming decoder.
 */
function utf8WorkbookReader(
  file: string,
  options: Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>,
): ExcelJS.stream.xlsx.WorkbookReader {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, options);
  const internals = reader as unknown as ReaderInternals;
  internals._parseSharedStrings = (entry) => {
    entry.setEncoding('utf8');
    return READER._parseSharedStrings.call(reader, entry);
  };
  internals._parseWorksheet = (iterator, sheetNo) => READER._parseWorksheet.call(reader, decodeUtf8(iterator), sheetNo);
  return reader;
}

async function* decodeUtf8(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) yield typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}

/** A workbook cell as text: a date as YYYY-MM-DD, a formula by its result, rich text by its text. */
function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'string') return unguardCell(value).trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if ('result' in value) return cellText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('richText' in value)
    return value.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if ('text' in value) return String(value.text).trim();
  return '';
}

export interface TableWriter {
  write(cells: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * A CSV (UTF-8 with a byte-order mark, so spreadsheet programs read the Chinese right; cells a
 * spreadsheet would run as formulas guarded) or a workbook, written a line at a time, readable by
 * its owner only (an export holds national IDs). An existing file is never overwritten.
 */
export async function openTableWriter(file: string, sheetName: string): Promise<TableWriter> {
  const format = formatOf(file);
  if (!format) throw new TableFileError('format', file);
  const stream = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EEXIST' ? new TableFileError('exists', file) : error),
    );
  });
  if (format === 'csv') return csvWriter(stream);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName);
  return {
    async write(cells) {
      addTextRow(sheet, cells).commit();
    },
    async close() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

/** A table made in memory for a download: its bytes (or text), type and file name. */
export interface TableFile {
  body: Uint8Array<ArrayBuffer> | string;
  contentType: string;
  filename: string;
}

/**
 * A table for a download, the one way the console's exports make one: CSV (UTF-8 with a
 * byte-order mark, every cell guarded by `csvLine`) or a workbook whose rows are `addTextRow`'s.
 */
export async function tableFile(
  format: TableFormat,
  {
    name,
    sheet,
    header,
    lines,
  }: { name: string; sheet: string; header: readonly string[]; lines: readonly (readonly string[])[] },
): Promise<TableFile> {
  const filename = `${name}.${format}`;
  if (format === 'csv')
    return {
      body: `\uFEFF${[csvLine(header), ...lines.map(csvLine)].join('')}`,
      contentType: 'text/csv; charset=utf-8',
      filename,
    };
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet(sheet);
  addTextRow(worksheet, header);
  for (const line of lines) addTextRow(worksheet, line);
  return {
    body: new Uint8Array(await workbook.xlsx.writeBuffer()) as Uint8Array<ArrayBuffer>,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    filename,
  };
}

/**
 * A row of text cells, the one way every workbook the portal writes gets its rows: a cell a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a leading tab or CR) is written with the
 * CSV export's leading apostrophe and the Text number format (`@`), so it stays text when someone
 * edits it in Excel. (ExcelJS 4.4 does not write the `quotePrefix` style attribute.)
 */
export function addTextRow(sheet: ExcelJS.Worksheet, cells: readonly string[]): ExcelJS.Row {
  const row = sheet.addRow(cells.map(guardCell));
  cells.forEach((cell, i) => {
    if (isFormulaLike(cell)) row.getCell(i + 1).numFmt = '@';
  });
  return row;
}

function csvWriter(stream: WriteStream): TableWriter {
  let first = true;
  return {
    async write(cells) {
      const text = `${first ? '\uFEFF' : ''}${csvLine(cells)}`;
      first = false;
      if (!stream.write(text)) await once(stream, 'drain');
    },
    async close() {
      stream.end();
      await once(stream, 'finish');
    },
  };
}
