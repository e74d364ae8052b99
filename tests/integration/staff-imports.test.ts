import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Envelope } from './helpers';
import { consoleImport, personId, settledImport, type ImportRun } from './import-helpers';
import { signedInOn, startOwnServer } from './own-server';

/**
 * The office imports members from the console (services/imports/console-imports.ts): the upload,
 * a dry run that writes nothing and reports per line, the refused lines as a file, the import
 * applied once, audited with the staff member; and who may use it. On a server of its own, since
 * it adds members the shared server's other tests would count.
 */
const ADMIN = ['admin@example.org', 'Admin2026demo'] as const;
const year = new Date().getUTCFullYear();
const HEADER = [
  '會員編號',
  '姓名',
  '英文姓名',
  '身分證字號',
  '電子郵件',
  '電話/手機',
  '會員類別',
  '會員狀態',
  '會籍起日',
  '會籍迄日',
];
const FILE = [
  HEADER,
  [
    'M1980-0101',
    '邱美華',
    'Chiu Mei-Hua',
    personId(501),
    'meihua@import.example.org',
    '',
    'regular',
    'active',
    `${year}-01-01`,
    `${year}-12-31`,
  ],
  ['M1980-0102', '馮志成', '', personId(502), 'chihcheng@import.example.org', '', 'life', '', '1995-03-01', ''],
  ['M1980-0103', '彭小芬', '', personId(503), 'not-an-email', '', 'regular', '', `${year}-01-01`, `${year}-12-31`],
]
  .map((cells) => cells.join(','))
  .join('\r\n');

let server: Awaited<ReturnType<typeof startOwnServer>>;
beforeAll(async () => {
  server = await startOwnServer();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const found = async (staff: Awaited<ReturnType<typeof signedInOn>>, q: string) =>
  (
    await staff.call<{ rows: { email: string; number: string | null }[] }>(
      `/api/amsw1101/people?q=${encodeURIComponent(q)}`,
    )
  ).data.rows;

describe('imports from the console', () => {
  it('checks a members file without writing, then applies it once, with the refused lines to correct', async () => {
    const office = await signedInOn(server.url, ...ADMIN);
    const started = await consoleImport(
      office,
      { kind: 'members', encoding: 'utf-8' },
      new Blob([FILE]),
      'members.csv',
    );
    expect(started.code).toBe(0);
    const checked = await settledImport(office, started.data.runId);
    expect(checked).toMatchObject({ state: 'checked', totalLines: 3, linesRead: 3, hasRejects: true, error: null });
    expect(checked.report).toMatchObject({ lines: 3, new: 2, refused: 1 });
    expect(checked.refusals).toHaveLength(1);
    expect(checked.refusals[0]).toMatchObject({ line: 4 });
    expect(checked.refusals[0]!.problems[0]!.column).toMatchObject({ 'en-us': expect.stringMatching(/mail/i) });
    // A dry run writes nothing.
    expect(await found(office, 'meihua@import.example.org')).toEqual([]);

    const rejects = await fetch(`${server.url}/api/amsw1101/imports/rejects?runId=${checked.id}`, {
      headers: office.auth,
    });
    expect(rejects.headers.get('content-type')).toMatch(/text\/csv/);
    const rejected = await rejects.text();
    expect(rejected).toContain('not-an-email');
    expect(rejected).not.toContain('meihua@import.example.org');

    const applied = await office.post('/api/amsw1101/imports/apply', { runId: checked.id, apply: true });
    expect(applied.code).toBe(0);
    // A second click finds it applying or applied: it is applied once.
    expect((await office.post('/api/amsw1101/imports/apply', { runId: checked.id, apply: true })).code).toBe(-10);
    const done = await settledImport(office, checked.id);
    expect(done).toMatchObject({ state: 'applied', report: { new: 2, refused: 1 } });
    expect((await found(office, 'meihua@import.example.org'))[0]).toMatchObject({ number: 'M1980-0101' });
    expect(await found(office, 'M1980-0102')).toHaveLength(1);
    // Its refused lines (they hold national IDs) can be forgotten; it stays applied.
    expect((await office.post('/api/amsw1101/imports/apply', { runId: checked.id, apply: false })).code).toBe(0);
    expect((await office.call<ImportRun>(`/api/amsw1101/imports?runId=${checked.id}`)).data).toMatchObject({
      state: 'applied',
      hasRejects: false,
    });

    const audit = await office.call<{
      rows: { action: string; actorEmail: string | null; detail: Record<string, unknown> }[];
    }>('/api/amsw1101/audit?action=import');
    expect(audit.data.rows[0]).toMatchObject({
      action: 'import.members',
      actorEmail: ADMIN[0],
      detail: expect.objectContaining({ file: 'members.csv', new: 2, refused: 1 }),
    });
    // Each line's entry names the file as it was uploaded, not where the server kept it meanwhile.
    const lines = audit.data.rows.filter((r) => r.action === 'import.member');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.detail.file).toBe('members.csv');

    // The same file again changes nothing; discarded, its file is gone.
    const again = await settledImport(
      office,
      (await consoleImport(office, { kind: 'members' }, new Blob([FILE]), 'members.csv')).data.runId,
    );
    expect(again.report).toMatchObject({ new: 0, unchanged: 2, refused: 1 });
    expect((await office.post('/api/amsw1101/imports/apply', { runId: again.id, apply: false })).code).toBe(0);
    expect((await office.call<ImportRun>(`/api/amsw1101/imports?runId=${again.id}`)).data).toMatchObject({
      state: 'discarded',
      hasRejects: false,
    });
    const history = await office.call<ImportRun[]>('/api/amsw1101/imports');
    expect(history.data.map((r) => r.id).slice(0, 2)).toEqual([again.id, checked.id]);
  });

  it('says what is wrong with a file, and stops a file it cannot read', async () => {
    const office = await signedInOn(server.url, ...ADMIN);
    const notTable = await consoleImport(office, { kind: 'members' }, new Blob(['x']), 'members.txt');
    expect(notTable).toMatchObject({ code: -10, message: 'Upload a CSV or Excel (.xlsx) file' });
    const unknownKind = await consoleImport(
      office,
      { kind: 'credits', certificationCode: 'nope' },
      new Blob([FILE]),
      'c.csv',
    );
    expect(unknownKind.code).toBe(-10);
    expect(unknownKind.message).toContain('nope');
    const tooLarge = await consoleImport(
      office,
      { kind: 'members' },
      new Blob([new Uint8Array(21 * 1024 * 1024)]),
      'big.csv',
    );
    expect(tooLarge.code).toBe(-996);
    expect((await consoleImport(office, { kind: 'everything' }, new Blob([FILE]), 'members.csv')).code).toBe(-10);

    const missing = await consoleImport(
      office,
      { kind: 'members' },
      new Blob(['姓名,電子郵件\r\n王,a@b.org']),
      'short.csv',
    );
    const failed = await settledImport(office, missing.data.runId);
    expect(failed.state).toBe('failed');
    expect(failed.error?.['en-us']).toBeTruthy();
    expect((await office.post('/api/amsw1101/imports/apply', { runId: failed.id, apply: true })).code).toBe(-10);
    expect((await office.call('/api/amsw1101/imports?runId=2000000000')).code).toBe(-6);
  });

  it('says at the upload that a workbook was named .csv, or that a file is not in the chosen encoding, in both languages', async () => {
    const office = await signedInOn(server.url, ...ADMIN);
    const before = (await office.call<ImportRun[]>('/api/amsw1101/imports')).data.map((r) => r.id);
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('members').addRows(FILE.split('\r\n').map((line) => line.split(',')));
    const xlsx = new Blob([await workbook.xlsx.writeBuffer()]);
    for (const [lang, text] of [
      ['en-us', 'This file is an Excel workbook, not CSV: save it as CSV, or name it .xlsx'],
      ['zh-tw', '這個檔案是 Excel 活頁簿，不是 CSV：請另存為 CSV，或將副檔名改為 .xlsx'],
    ] as const)
      expect(await consoleImport(office, { kind: 'members' }, xlsx, 'members.csv', lang)).toMatchObject({
        code: -10,
        message: text,
      });
    // 姓名 in Big5, sent as UTF-8 (the form's choice unless changed).
    const big5 = new Blob([new Uint8Array([0xa9, 0x6d, 0xa6, 0x57, 0x0a])]);
    for (const [lang, text] of [
      ['en-us', 'The file is not UTF-8: save it as “CSV UTF-8”, or choose Big5 as the text encoding of a Big5 file'],
      ['zh-tw', '檔案不是 UTF-8 編碼：請另存為「CSV UTF-8」，或將 Big5 檔案的文字編碼選為 Big5'],
    ] as const)
      expect(await consoleImport(office, { kind: 'members', encoding: 'utf-8' }, big5, 'big5.csv', lang)).toMatchObject(
        { code: -10, message: text },
      );
    // UTF-8 Chinese sent as Big5.
    const utf8 = new Blob(['王,會員編號\n']);
    for (const [lang, text] of [
      [
        'en-us',
        'The file is not valid Big5: if it is UTF-8, choose UTF-8 as its text encoding; otherwise save it as “CSV UTF-8”',
      ],
      ['zh-tw', '檔案不是有效的 Big5 編碼：若為 UTF-8 檔案請將文字編碼選為 UTF-8，否則請另存為「CSV UTF-8」'],
    ] as const)
      expect(await consoleImport(office, { kind: 'members', encoding: 'big5' }, utf8, 'u.csv', lang)).toMatchObject({
        code: -10,
        message: text,
      });
    // None of them started a run; the same workbook named .xlsx is read, and Big5 read as Big5.
    expect((await office.call<ImportRun[]>('/api/amsw1101/imports')).data.map((r) => r.id)).toEqual(before);
    const asXlsx = await consoleImport(office, { kind: 'members' }, xlsx, 'members.xlsx');
    expect(asXlsx.code).toBe(0);
    const read = await settledImport(office, asXlsx.data.runId);
    expect(read).toMatchObject({ state: 'checked', report: { lines: 3 } });
    expect((await office.post('/api/amsw1101/imports/apply', { runId: read.id, apply: false })).code).toBe(0);
    const asBig5 = await consoleImport(office, { kind: 'members', encoding: 'big5' }, big5, 'big5.csv');
    expect(asBig5.code).toBe(0);
    const failed = await settledImport(office, asBig5.data.runId);
    expect(failed.error?.['en-us']).toContain('No “member number” or “national ID” column');
  });

  it('is the office’s alone', async () => {
    const member = await signedInOn(server.url, 'member@example.org', 'Member2026demo');
    const finance = await signedInOn(server.url, 'finance@example.org', 'Finance2026demo');
    const waiting = await signedInOn(server.url, ...ADMIN, 'individual', { secondFactor: false });
    for (const who of [member, finance, waiting]) {
      expect((await who.call('/api/amsw1101/imports')).code).toBe(-11);
      expect((await consoleImport(who, { kind: 'members' }, new Blob([FILE]), 'members.csv')).code).toBe(-11);
      expect((await who.post('/api/amsw1101/imports/apply', { runId: 1, apply: true })).code).toBe(-11);
      expect((await who.call('/api/amsw1101/imports/rejects?runId=1')).code).toBe(-11);
    }
    const visitor = (await (await fetch(`${server.url}/api/amsw1101/imports`)).json()) as Envelope;
    expect(visitor.code).toBe(-9);
  });
});
