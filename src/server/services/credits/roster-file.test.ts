import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { zipOf } from '../files/zip-archive.test-support';
import { MAX_ROSTER_LINES, MAX_WORKBOOK_BYTES, readRosterFile, RosterFileError } from './roster-file';

const csv = (text: string) => new TextEncoder().encode(text);
const taipei = (value: string) => new Date(`${value}:00+08:00`);
const ONE_DAY = ['2026-12-05'];

/** A line read off a roster: its national ID, name and times on the course's one day. */
const lineRead = (line: number, personId: string, name: string, signIn: string, signOut: string) => ({
  line,
  identifier: { kind: 'personId', value: personId },
  name,
  signIn: taipei(`2026-12-05T${signIn}`),
  signOut: taipei(`2026-12-05T${signOut}`),
});

async function xlsx(rows: (string | number | Date | null)[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('簽到表');
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe('readRosterFile', () => {
  it('reads a CSV with Chinese headers in any order: national IDs with the names written beside them', async () => {
    const file = csv(
      '\uFEFF簽退時間,身分證字號,簽到時間,姓名\n' +
        '2026-12-05 12:05, a123456789 ,2026-12-05 08:55, 林美玲 \n' +
        '2026/12/5 11:00,H246801307,2026/12/5 09:30,Chang  Hui-Wen\n',
    );
    const { lines, problems } = await readRosterFile(file, 'csv', ONE_DAY);
    expect(problems).toEqual([]);
    expect(lines).toEqual([
      lineRead(2, 'A123456789', '林美玲', '08:55', '12:05'),
      lineRead(3, 'H246801307', 'Chang Hui-Wen', '09:30', '11:00'),
    ]);
  });

  it('takes the columns in order without a header (ID, name, times), and times alone on a one-day course', async () => {
    const { lines } = await readRosterFile(csv('A123456789,林美玲,09:00,12:00\n'), 'csv', ONE_DAY);
    expect(lines).toEqual([
      expect.objectContaining({
        line: 1,
        name: '林美玲',
        signIn: taipei('2026-12-05T09:00'),
        signOut: taipei('2026-12-05T12:00'),
      }),
    ]);
    // On a course of two days a time alone says nothing of the day.
    const twoDays = await readRosterFile(csv('A123456789,林美玲,09:00,12:00\n'), 'csv', ['2026-12-05', '2026-12-06']);
    expect(twoDays.problems).toEqual([{ line: 1, identifier: 'A123456789', reason: 'badTime' }]);
  });

  it('gives every line it cannot use back with its reason; a member number is no national ID', async () => {
    const file = csv(
      'National ID,Name,Sign-in,Sign-out\n' +
        ',王小明,2026-12-05 09:00,2026-12-05 12:00\n' +
        'A123456789,林美玲,2026-12-05 09:00,2026-12-05 12:00\n' +
        'A123456789,林美玲,2026-12-05 09:10,2026-12-05 12:00\n' +
        'B223456782,王小明,2026-12-05 12:00,2026-12-05 09:00\n' +
        'C123456781,王小明,2026-02-30 09:00,2026-12-05 12:00\n' +
        'D123456782,王小明,soon,2026-12-05 12:00\n' +
        '不明人士,王小明,2026-12-05 09:00,2026-12-05 12:00\n' +
        'M2026-0042,王小明,2026-12-05 09:00,2026-12-05 12:00\n' +
        'E123456783, ,2026-12-05 09:00,2026-12-05 12:00\n',
    );
    const { lines, problems } = await readRosterFile(file, 'csv', ONE_DAY);
    expect(lines.map((l) => l.line)).toEqual([3]);
    expect(problems).toEqual([
      { line: 2, identifier: '', reason: 'noIdentifier' },
      { line: 4, identifier: 'A123456789', reason: 'duplicate' },
      { line: 5, identifier: 'B223456782', reason: 'signOutBeforeSignIn' },
      { line: 6, identifier: 'C123456781', reason: 'badTime' },
      { line: 7, identifier: 'D123456782', reason: 'badTime' },
      { line: 8, identifier: '不明人士', reason: 'noIdentifier' },
      { line: 9, identifier: 'M2026-0042', reason: 'noIdentifier' },
      { line: 10, identifier: 'E123456783', reason: 'noName' },
    ]);
  });

  it('takes a second line of the same attendee at another time as more attendance, not a duplicate', async () => {
    const file = csv(
      '身分證字號,姓名,簽到時間,簽退時間\n' +
        'A123456789,林美玲,2026-12-05 09:00,2026-12-05 12:00\n' +
        'A123456789,林美玲,2026-12-06 09:00,2026-12-06 12:00\n' +
        'A123456789,林美玲,2026-12-06 11:30,2026-12-06 13:00\n',
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
    const filled = new Uint8Array([...template, ...csv('A123456789,林美玲,2026-12-05 08:55,2026-12-05 12:05\r\n')]);
    const { lines, problems } = await readRosterFile(filled, 'csv', ONE_DAY);
    expect(problems).toEqual([]);
    expect(lines.map((l) => [l.line, l.identifier.value, l.name, l.signIn.toISOString()])).toEqual([
      [2, 'A123456789', '林美玲', '2026-12-05T00:55:00.000Z'],
    ]);
  });

  it('reads the first sheet of an Excel file, its date-time cells in Taipei time', async () => {
    const file = await xlsx([
      ['身分證字號', '姓名', '簽到', '簽退'],
      // Excel keeps wall-clock time; exceljs writes a Date's UTC fields as that time.
      ['A123456789', 'Lin Mei-Ling', new Date('2026-12-05T08:50:00Z'), new Date('2026-12-05T12:10:00Z')],
      ['H246801307', '張惠雯', '2026-12-05 13:00', '2026-12-05 17:00'],
      [null, null, null, null],
      ['bad id!', '王小明', '2026-12-05 13:00', '2026-12-05 17:00'],
    ]);
    const { lines, problems } = await readRosterFile(file, 'xlsx', ONE_DAY);
    expect(lines).toEqual([
      lineRead(2, 'A123456789', 'Lin Mei-Ling', '08:50', '12:10'),
      expect.objectContaining({ line: 3, name: '張惠雯', signIn: taipei('2026-12-05T13:00') }),
    ]);
    expect(problems).toEqual([{ line: 5, identifier: 'bad id!', reason: 'noIdentifier' }]);
  });

  it('refuses a file that is not a roster as a whole', async () => {
    await expect(readRosterFile(csv('\n\n'), 'csv', ONE_DAY)).rejects.toEqual(new RosterFileError('empty'));
    await expect(readRosterFile(csv('身分證字號,姓名,簽到,簽退\n'), 'csv', ONE_DAY)).rejects.toEqual(
      new RosterFileError('empty'),
    );
    // Who attended is their national ID and their name: a header naming the times needs both.
    for (const header of ['姓名,簽到,簽退', '會員編號,姓名,簽到,簽退'])
      await expect(readRosterFile(csv(`${header}\n王小明,09:00,12:00\n`), 'csv', ONE_DAY)).rejects.toEqual(
        new RosterFileError('noIdentifierColumn'),
      );
    await expect(readRosterFile(csv('身分證字號,簽到,簽退\nA123456789,09:00,12:00\n'), 'csv', ONE_DAY)).rejects.toEqual(
      new RosterFileError('noNameColumn'),
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
    const long = 'A123456789,林美玲,09:00,12:00\n'.repeat(MAX_ROSTER_LINES + 1);
    await expect(readRosterFile(csv(long), 'csv', ONE_DAY)).rejects.toEqual(new RosterFileError('tooLong'));
  });

  it('reads 5,000 lines', async () => {
    const ids = Array.from({ length: 5000 }, (_, i) => nationalId(1_000_000 + i));
    const file = csv(`身分證字號,姓名,簽到,簽退\n${ids.map((id) => `${id},王小明,08:58,12:03`).join('\n')}\n`);
    const { lines, problems } = await readRosterFile(file, 'csv', ONE_DAY);
    expect(problems).toEqual([]);
    expect(lines).toHaveLength(5000);
    expect(lines[4999]).toMatchObject({ line: 5001, identifier: { value: ids[4999] } });
  });
});

/** A valid national ID (A1…) built from a number, by the official checksum. */
function nationalId(seed: number): string {
  const body = `A1${String(seed % 10_000_000).padStart(7, '0')}`;
  const digits = [1, 0, ...body.slice(1).split('').map(Number)];
  const weights = [1, 9, 8, 7, 6, 5, 4, 3, 2, 1];
  const sum = digits.reduce((acc, d, i) => acc + d * weights[i]!, 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}
