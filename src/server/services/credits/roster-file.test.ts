import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { zipOf } from '../files/zip-archive.test-support';
import { MAX_ROSTER_LINES, MAX_WORKBOOK_BYTES, readRosterFile, RosterFileError } from './roster-file';

const csv = (text: string) => new TextEncoder().encode(text);
const taipei = (value: string) => new Date(`${value}:00+08:00`);
const ONE_DAY = ['2026-12-05'];

async function xlsx(rows: (string | number | Date | null)[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('簽到表');
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe('readRosterFile', () => {
  it('reads a CSV with Chinese headers in any order, national IDs and member numbers', async () => {
    const file = csv(
      '\uFEFF簽退時間,身分證字號或會員編號,簽到時間\n' +
        '2026-12-05 12:05, a123456789 ,2026-12-05 08:55\n' +
        '2026/12/5 11:00,M2026-0042,2026/12/5 09:30\n',
    );
    const { lines, problems } = await readRosterFile(file, 'csv', ONE_DAY);
    expect(problems).toEqual([]);
    expect(lines).toEqual([
      {
        line: 2,
        identifier: { kind: 'personId', value: 'A123456789' },
        signIn: taipei('2026-12-05T08:55'),
        signOut: taipei('2026-12-05T12:05'),
      },
      {
        line: 3,
        identifier: { kind: 'memberNo', value: 'M2026-0042' },
        signIn: taipei('2026-12-05T09:30'),
        signOut: taipei('2026-12-05T11:00'),
      },
    ]);
  });

  it('takes the columns in order without a header, and times alone on a one-day course', async () => {
    const { lines } = await readRosterFile(csv('A123456789,09:00,12:00\n'), 'csv', ONE_DAY);
    expect(lines).toEqual([
      expect.objectContaining({ line: 1, signIn: taipei('2026-12-05T09:00'), signOut: taipei('2026-12-05T12:00') }),
    ]);
    // On a course of two days a time alone says nothing of the day.
    const twoDays = await readRosterFile(csv('A123456789,09:00,12:00\n'), 'csv', ['2026-12-05', '2026-12-06']);
    expect(twoDays.problems).toEqual([{ line: 1, identifier: 'A123456789', reason: 'badTime' }]);
  });

  it('gives every line it cannot use back with its reason', async () => {
    const file = csv(
      'National ID or member number,Sign-in,Sign-out\n' +
        ',2026-12-05 09:00,2026-12-05 12:00\n' +
        'A123456789,2026-12-05 09:00,2026-12-05 12:00\n' +
        'A123456789,2026-12-05 09:10,2026-12-05 12:00\n' +
        'B223456789,2026-12-05 12:00,2026-12-05 09:00\n' +
        'C123456789,2026-02-30 09:00,2026-12-05 12:00\n' +
        'D123456789,soon,2026-12-05 12:00\n' +
        '不明人士,2026-12-05 09:00,2026-12-05 12:00\n',
    );
    const { lines, problems } = await readRosterFile(file, 'csv', ONE_DAY);
    expect(lines.map((l) => l.line)).toEqual([3]);
    expect(problems).toEqual([
      { line: 2, identifier: '', reason: 'noIdentifier' },
      { line: 4, identifier: 'A123456789', reason: 'duplicate' },
      { line: 5, identifier: 'B223456789', reason: 'signOutBeforeSignIn' },
      { line: 6, identifier: 'C123456789', reason: 'badTime' },
      { line: 7, identifier: 'D123456789', reason: 'badTime' },
      { line: 8, identifier: '不明人士', reason: 'noIdentifier' },
    ]);
  });

  it('takes a second line of the same attendee at another time as more attendance, not a duplicate', async () => {
    const file = csv(
      '身分證字號,簽到時間,簽退時間\n' +
        'A123456789,2026-12-05 09:00,2026-12-05 12:00\n' +
        'A123456789,2026-12-06 09:00,2026-12-06 12:00\n' +
        'A123456789,2026-12-06 11:30,2026-12-06 13:00\n',
    );
    const { lines, problems } = await readRosterFile(file, 'csv', ['2026-12-05', '2026-12-06']);
    expect(lines.map((l) => l.line)).toEqual([2, 3]);
    expect(problems).toEqual([{ line: 4, identifier: 'A123456789', reason: 'duplicate' }]);
  });

  it('reads the template organisations download (its header only) once they add their lines', async () => {
    const template = readFileSync(new URL('../../../../public/templates/attendance-roster.csv', import.meta.url));
    await expect(readRosterFile(new Uint8Array(template), 'csv', ONE_DAY)).rejects.toEqual(
      new RosterFileError('empty'),
    );
    const filled = new Uint8Array([...template, ...csv('A123456789,2026-12-05 08:55,2026-12-05 12:05\r\n')]);
    const { lines, problems } = await readRosterFile(filled, 'csv', ONE_DAY);
    expect(problems).toEqual([]);
    expect(lines.map((l) => [l.line, l.identifier.value, l.signIn.toISOString()])).toEqual([
      [2, 'A123456789', '2026-12-05T00:55:00.000Z'],
    ]);
  });

  it('reads the first sheet of an Excel file, its date-time cells in Taipei time', async () => {
    const file = await xlsx([
      ['會員編號', '簽到', '簽退'],
      // Excel keeps wall-clock time; exceljs writes a Date's UTC fields as that time.
      ['M2026-0042', new Date('2026-12-05T08:50:00Z'), new Date('2026-12-05T12:10:00Z')],
      ['A123456789', '2026-12-05 13:00', '2026-12-05 17:00'],
      [null, null, null],
      ['bad id!', '2026-12-05 13:00', '2026-12-05 17:00'],
    ]);
    const { lines, problems } = await readRosterFile(file, 'xlsx', ONE_DAY);
    expect(lines).toEqual([
      {
        line: 2,
        identifier: { kind: 'memberNo', value: 'M2026-0042' },
        signIn: taipei('2026-12-05T08:50'),
        signOut: taipei('2026-12-05T12:10'),
      },
      expect.objectContaining({ line: 3, signIn: taipei('2026-12-05T13:00') }),
    ]);
    expect(problems).toEqual([{ line: 5, identifier: 'bad id!', reason: 'noIdentifier' }]);
  });

  it('refuses a file that is not a roster as a whole', async () => {
    await expect(readRosterFile(csv('\n\n'), 'csv', ONE_DAY)).rejects.toEqual(new RosterFileError('empty'));
    await expect(readRosterFile(csv('會員編號,簽到,簽退\n'), 'csv', ONE_DAY)).rejects.toEqual(
      new RosterFileError('empty'),
    );
    await expect(readRosterFile(csv('姓名,簽到,簽退\n王小明,09:00,12:00\n'), 'csv', ONE_DAY)).rejects.toEqual(
      new RosterFileError('noIdentifierColumn'),
    );
    await expect(readRosterFile(new Uint8Array([0xff, 0xfe, 0x00, 0x41]), 'csv', ONE_DAY)).rejects.toEqual(
      new RosterFileError('unreadable'),
    );
    await expect(readRosterFile(csv('not a zip'), 'xlsx', ONE_DAY)).rejects.toEqual(new RosterFileError('unreadable'));
    // A workbook whose sheet unpacks to more than any roster: refused before it is read.
    const bomb = zipOf([
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(MAX_WORKBOOK_BYTES + 1, ' '), declared: 1 },
    ]);
    await expect(readRosterFile(bomb, 'xlsx', ONE_DAY)).rejects.toEqual(new RosterFileError('tooLong'));
    const long = 'A123456789,09:00,12:00\n'.repeat(MAX_ROSTER_LINES + 1);
    await expect(readRosterFile(csv(long), 'csv', ONE_DAY)).rejects.toEqual(new RosterFileError('tooLong'));
  });

  it('reads 5,000 lines', async () => {
    const ids = Array.from({ length: 5000 }, (_, i) => `M2026-${String(i).padStart(5, '0')}`);
    const file = csv(`會員編號,簽到,簽退\n${ids.map((id) => `${id},08:58,12:03`).join('\n')}\n`);
    const { lines, problems } = await readRosterFile(file, 'csv', ONE_DAY);
    expect(problems).toEqual([]);
    expect(lines).toHaveLength(5000);
    expect(lines[4999]).toMatchObject({ line: 5001, identifier: { value: 'M2026-04999' } });
  });
});
