import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { taipeiDate } from '../../src/lib/calendar-date';
import { keyedHash, loadSecrets } from '../../src/server/auth/secrets';
import { importSuite, personId } from './import-helpers';

/**
 * `npm run import -- members` and `npm run export -- members`, the built commands on a database of
 * their own with the demo society and no server (the embedded database and PostgreSQL).
 */
const suite = importSuite();
const year = Number(taipeiDate().slice(0, 4));
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
const YA_TING = [
  'M1990-0001',
  '張雅婷',
  'Chang Ya-Ting',
  personId(101),
  'yating@import.example.org',
  '0912-000-101',
  'regular',
  'active',
  `${year}-01-01`,
  `${year}-12-31`,
];
const DA_MING = [
  'M1990-0002',
  '王大明',
  '',
  personId(102),
  'daming@import.example.org',
  '(02) 2345-6789',
  'life',
  '',
  '1990-03-01',
  '',
];
const XIAO_HUA = [
  'M1990-0003',
  '李小華',
  '',
  personId(103),
  'xiaohua@import.example.org',
  '',
  'student',
  '停權',
  `${year - 2}-01-01`,
  `${year - 2}-12-31`,
];
const FILE = [
  HEADER,
  YA_TING,
  DA_MING,
  XIAO_HUA,
  ['M1990-0004', '周杰', '', personId(104), 'not-an-email', '', 'regular', '', `${year}-01-01`, `${year}-12-31`],
  [
    'M1990-0005',
    '吳敏',
    '',
    personId(105),
    'min@import.example.org',
    '',
    'regular',
    'active',
    `${year - 3}-01-01`,
    `${year - 3}-12-31`,
  ],
  ['M1990-0006', '陳明', '', personId(106), 'member@example.org', '', 'regular', '', `${year}-01-01`, `${year}-12-31`],
  ['', '林美玲', '', personId(107), 'meiling@import.example.org', '', 'regular', '', `${year}-01-01`, `${year}-12-31`],
  ['M1990-0001', '張雅婷', '', personId(101), '', '', '', '', '', ''],
];

const count = async (where: string) =>
  (await suite.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${where}`))[0]!.n;

describe('npm run import -- members', () => {
  it('reports first: every refused line with its line, column and problem in both languages, and writes nothing', async () => {
    const run = await suite.run('members', suite.csv('members.csv', FILE), '--rejects', 'rejects.csv');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Importing members: members.csv (dry run: nothing is written)');
    expect(run.stdout).toContain('第 5 行〔電子郵件〕：「not-an-email」不是正確的電子郵件地址');
    expect(run.stdout).toContain('Line 5 [e-mail]: “not-an-email” is not a valid e-mail address');
    expect(run.stdout).toContain('第 6 行〔會員狀態〕：依會籍日期，狀態為「停權 (lapsed)」而非「有效 (active)」');
    expect(run.stdout).toContain('Line 6 [status]: the term dates give the status “lapsed”, not “active”');
    expect(run.stdout).toContain('Line 7 [e-mail]: this e-mail address belongs to another account');
    expect(run.stdout).toContain('第 7 行〔電子郵件〕：此電子郵件已屬於另一個帳號');
    expect(run.stdout).toContain('Line 8 [member number]: a new member needs this column');
    expect(run.stdout).toContain('Line 9 [member number]: the same person as line 2');
    expect(run.stdout).toContain('新增 3、變更 0、未變更 0、退回 5（共 8 行）');
    expect(run.stdout).toContain('New 3, changed 0, unchanged 0, refused 5 (8 lines)');
    expect(run.stdout).toContain('Dry run: nothing was written. Add --yes to apply.');
    // National IDs are never printed.
    expect(run.stdout).not.toContain(personId(101));
    expect(run.stderr).toBe('');
    expect(await count(`accounts WHERE email LIKE '%@import.example.org'`)).toBe(0);
    expect(await count(`audit_log WHERE action LIKE 'import.%'`)).toBe(0);

    // The refused lines, in the same columns with the reason, to correct and import again.
    const rejects = readFileSync(path.join(suite.folder, 'rejects.csv'), 'utf8');
    const lines = rejects.trimEnd().split('\r\n');
    expect(lines[0]).toBe(`\uFEFF${HEADER.join(',')},問題 / problem`);
    expect(lines).toHaveLength(6);
    expect(lines[1]).toBe(
      `${FILE[4]!.join(',')},電子郵件：「not-an-email」不是正確的電子郵件地址 / e-mail: “not-an-email” is not a valid e-mail address`,
    );
    expect(lines[5]).toContain('M1990-0001,張雅婷,,');
    expect(lines[5]).toContain('the same person as line 2');
  });

  it('applies with --yes: accounts without a password, memberships with their term, events and audit rows', async () => {
    const run = await suite.run('members', 'members.csv', '--yes');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('New 3, changed 0, unchanged 0, refused 5 (8 lines)');
    expect(run.stdout).toContain('Applied.');
    expect(run.stdout).toContain('The member-number counter memberNo:1990 moves from 0 to 3');

    const people = await suite.query<{
      email: string;
      password_hash: string | null;
      birth_date: string | null;
      mobile: string;
      phone: string;
      person_id_hash: string;
      person_id_encrypted: string;
      member_no: string;
      status: string;
      term_end: string | null;
      joined_on: string;
      class: string;
    }>(`SELECT a.email, a.password_hash, a.birth_date::text, a.mobile, a.phone, a.person_id_hash, a.person_id_encrypted,
          m.member_no, m.status, m.term_end::text, m.joined_on::text, c.code AS class
        FROM accounts a JOIN memberships m ON m.account_id = a.id JOIN member_classes c ON c.id = m.class_id
        WHERE a.email LIKE '%@import.example.org' ORDER BY m.member_no`);
    expect(people.map((p) => [p.member_no, p.class, p.status, p.term_end])).toEqual([
      ['M1990-0001', 'regular', 'active', `${year}-12-31`],
      ['M1990-0002', 'life', 'active', null],
      ['M1990-0003', 'student', 'lapsed', `${year - 2}-12-31`],
    ]);
    expect(people.every((p) => p.password_hash === null && p.birth_date === null)).toBe(true);
    expect(people[0]).toMatchObject({ mobile: '0912000101', phone: '', joined_on: `${year}-01-01` });
    expect(people[1]).toMatchObject({ mobile: '', phone: '(02) 2345-6789' });
    // National IDs are found by their keyed hash and stored encrypted, as sign-up stores them.
    const secrets = loadSecrets({ secretKey: suite.env.SECRET_KEY!, dataDir: suite.env.DATA_DIR! });
    expect(people[0]!.person_id_hash).toBe(keyedHash(secrets.personIdHashKey, personId(101)));
    expect(people[0]!.person_id_encrypted).not.toContain(personId(101));

    expect(
      await count(`membership_terms t JOIN memberships m ON m.id = t.membership_id WHERE m.member_no LIKE 'M1990-%'`),
    ).toBe(3);
    const events = await suite.query<{ kind: string; to_status: string; detail: { line: number; changes: string } }>(
      `SELECT e.kind, e.to_status, e.detail FROM membership_events e JOIN memberships m ON m.id = e.membership_id
        WHERE m.member_no LIKE 'M1990-%' ORDER BY m.member_no`,
    );
    expect(events.map((e) => [e.kind, e.to_status, e.detail.line, e.detail.changes])).toEqual([
      ['imported', 'active', 2, 'new'],
      ['imported', 'active', 3, 'new'],
      ['imported', 'lapsed', 4, 'new'],
    ]);
    const audit = await suite.query<{ actor_type: string; action: string; detail: Record<string, unknown> }>(
      `SELECT actor_type, action, detail FROM audit_log WHERE action LIKE 'import.%' ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['import.member', 'import.member', 'import.member', 'import.members']);
    expect(audit.every((a) => a.actor_type === 'system' && /^import command \(.+\)$/.test(String(a.detail.by)))).toBe(
      true,
    );
    expect(audit[0]!.detail).toMatchObject({ file: 'members.csv', line: 2, outcome: 'new' });
    expect(audit[3]!.detail).toMatchObject({ new: 3, refused: 5, lines: 8 });
    // The society's own numbers continue after the imported ones.
    expect(await suite.query(`SELECT value FROM number_sequences WHERE name = 'memberNo:1990'`)).toEqual([
      { value: 3 },
    ]);
  });

  it('changes nothing when the same file is imported again, and says so', async () => {
    const run = await suite.run('members', 'members.csv', '--yes');
    expect(run.stdout).toContain('New 0, changed 0, unchanged 3, refused 5 (8 lines)');
    expect(run.stdout).toContain('沒有需要變更的資料：檔案與系統中的資料相同。');
    expect(run.stdout).toContain('Nothing to change: the file says what is stored.');
    expect(await count(`audit_log WHERE action = 'import.member'`)).toBe(3);
    expect(await count(`membership_events WHERE kind = 'imported'`)).toBe(3);
  });

  it('never lets a blank cell overwrite a stored value', async () => {
    const file = suite.csv('phone.csv', [
      ['Member No.', 'Name', 'E-mail', 'Phone', 'Term end'],
      ['M1990-0001', '', '', '0933-111-222', ''],
    ]);
    const run = await suite.run('members', file, '--yes');
    expect(run.stdout).toContain('New 0, changed 1, unchanged 0, refused 0 (1 line)');
    const [row] = await suite.query(
      `SELECT a.name_zh, a.name_en, a.email, a.mobile, m.term_end::text FROM accounts a JOIN memberships m ON m.account_id = a.id WHERE m.member_no = 'M1990-0001'`,
    );
    expect(row).toEqual({
      name_zh: '張雅婷',
      name_en: 'Chang Ya-Ting',
      email: 'yating@import.example.org',
      mobile: '0933111222',
      term_end: `${year}-12-31`,
    });
  });

  it('matches a person by member number, then by national ID, never mixing two people', async () => {
    const file = suite.csv('matching.csv', [
      ['member number', 'national ID', 'English name', 'class', 'term start', 'term end', 'status'],
      // By national ID alone: the member brought in as M1990-0002.
      ['', personId(102), 'Wang Ta-Ming', '', '', '', ''],
      // A web user of the demo (no membership yet) becomes a member, keeping their account.
      ['M1990-0010', 'F131104093', '', 'regular', `${year}-01-01`, `${year}-12-31`, ''],
      // A national ID whose person is another member already.
      ['M1990-0011', personId(101), '', '', '', '', ''],
      // A member number whose member has another national ID.
      ['M1990-0003', personId(109), '', '', '', '', ''],
      // Ended: the last day is the term's end, which has passed.
      ['M1990-0003', '', '', '', '', '', 'ended'],
    ]);
    const run = await suite.run('members', file, '--yes');
    expect(run.stdout).toContain('Line 4 [member number]: the person with this national ID is member M1990-0001');
    expect(run.stdout).toContain('Line 5 [national ID]: member M1990-0003 has another national ID on record');
    expect(run.stdout).toContain('New 1, changed 2, unchanged 0, refused 2 (5 lines)');
    const rows = await suite.query<{
      email: string;
      name_en: string;
      has_password: boolean;
      member_no: string;
      status: string;
      last_day: string | null;
    }>(
      `SELECT a.email, a.name_en, a.password_hash IS NOT NULL AS has_password, m.member_no, m.status, m.last_day::text
        FROM accounts a JOIN memberships m ON m.account_id = a.id
        WHERE m.member_no IN ('M1990-0002', 'M1990-0003', 'M1990-0010') ORDER BY m.member_no`,
    );
    expect(rows).toEqual([
      {
        email: 'daming@import.example.org',
        name_en: 'Wang Ta-Ming',
        has_password: false,
        member_no: 'M1990-0002',
        status: 'active',
        last_day: null,
      },
      {
        email: 'xiaohua@import.example.org',
        name_en: '',
        has_password: false,
        member_no: 'M1990-0003',
        status: 'ended',
        last_day: `${year - 2}-12-31`,
      },
      {
        email: 'webuser@example.org',
        name_en: 'Chen Chih-Ming',
        has_password: true,
        member_no: 'M1990-0010',
        status: 'active',
        last_day: null,
      },
    ]);
    expect(await suite.query(`SELECT value FROM number_sequences WHERE name = 'memberNo:1990'`)).toEqual([
      { value: 10 },
    ]);
  });

  it('exports the members in the same columns, and importing the export changes nothing', async () => {
    for (const file of ['export.csv', 'export.xlsx']) {
      const exported = await suite.command('export', ['members', file]);
      expect(exported.code).toBe(0);
      const members = Number(/Exported (\d+) members/.exec(exported.stdout)?.[1]);
      expect(members).toBeGreaterThanOrEqual(13);
      const again = await suite.run('members', file);
      expect(again.code).toBe(0);
      expect(again.stdout).toContain(`New 0, changed 0, unchanged ${members}, refused 0 (${members} lines)`);
      expect(again.stdout).toContain('Nothing to change: the file says what is stored.');
    }
    const csv = readFileSync(path.join(suite.folder, 'export.csv'), 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFFmember number,name,English name,national ID,e-mail,phone,language,class,status,term start,term end,joined',
    );
    expect(csv).toContain(
      `M1990-0002,王大明,Wang Ta-Ming,${personId(102)},daming@import.example.org,(02) 2345-6789,,life,active,1990-03-01,,1990-03-01`,
    );
    expect(csv).toContain(`M1990-0003,李小華,,${personId(103)},xiaohua@import.example.org,,,student,ended,`);
    // An export is never written over a file, and the taking out of national IDs is audited.
    const twice = await suite.command('export', ['members', 'export.csv']);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('The file exists already');
    expect(await count(`audit_log WHERE action = 'export.members'`)).toBe(2);
  });

  it('refuses a file it cannot read as a whole, saying why in both languages', async () => {
    const noId = await suite.run(
      'members',
      suite.csv('no-id.csv', [
        ['姓名', '電子郵件'],
        ['王', 'w@example.org'],
      ]),
    );
    expect(noId.code).toBe(1);
    expect(noId.stderr).toContain('找不到「會員編號」或「身分證字號」欄');
    expect(noId.stderr).toContain('No “member number” or “national ID” column');
    // 姓名 in Big5: not UTF-8 unless told.
    writeFileSync(path.join(suite.folder, 'big5.csv'), Buffer.from([0xa9, 0x6d, 0xa6, 0x57, 0x0a]));
    const big5 = await suite.run('members', 'big5.csv');
    expect(big5.code).toBe(1);
    expect(big5.stderr).toContain('The file is not UTF-8');
    const read = await suite.run('members', 'big5.csv', '--encoding', 'big5');
    expect(read.stderr).toContain('No “member number” or “national ID” column');
    const twice = await suite.run('members', suite.csv('twice.csv', [['會員編號', 'member number']]));
    expect(twice.stderr).toContain('Columns named twice: member number');
    expect((await suite.run('members', 'members.txt')).stderr).toContain('The file must be .csv or .xlsx');
    expect((await suite.run('members')).stderr).toContain('Usage: npm run import -- members FILE');
    // A workbook named .csv, and a file that is not Big5 read as Big5, are named as such.
    writeFileSync(path.join(suite.folder, 'workbook.csv'), Buffer.from('PK\x03\x04\x14\x00\x06\x00', 'latin1'));
    const workbook = await suite.run('members', 'workbook.csv');
    expect(workbook.code).toBe(1);
    expect(workbook.stderr).toContain('This file is an Excel workbook, not CSV: save it as CSV, or name it .xlsx');
    expect(workbook.stderr).toContain('這個檔案是 Excel 活頁簿，不是 CSV');
    // UTF-8 Chinese (王) read as Big5.
    writeFileSync(path.join(suite.folder, 'not-big5.csv'), Buffer.from('王,會員編號\n', 'utf8'));
    const notBig5 = await suite.run('members', 'not-big5.csv', '--encoding', 'big5');
    expect(notBig5.code).toBe(1);
    expect(notBig5.stderr).toContain('The file is not valid Big5');
    expect(notBig5.stderr).not.toContain('not UTF-8');
  });

  it('prints the first 50 refused lines and the counts by reason; all of them go to --rejects', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => [
      `M1999-${String(i + 1).padStart(4, '0')}`,
      '林怡君',
      '',
      personId(700 + i),
      i < 55 ? `not-an-address-${i}` : `lin.${i}@example.org`,
      '',
      i < 55 ? 'regular' : 'no-such-class',
      '',
      `${year}-01-01`,
      `${year}-12-31`,
    ]);
    const file = suite.csv('many-refused.csv', [HEADER, ...rows]);
    const quiet = await suite.run('members', file);
    expect(quiet.stdout.match(/^Line \d+/gm)).toHaveLength(50);
    expect(quiet.stdout).toContain(
      'The first 50 refused lines are shown above, of 60; add --rejects FILE to get all of them',
    );
    expect(quiet.stdout).toContain('  55 lines: [e-mail] ');
    expect(quiet.stdout).toContain('  5 lines: [class] ');
    expect(quiet.stdout).toContain('  55 行〔電子郵件〕：');

    const withRejects = await suite.run('members', file, '--rejects', 'many-rejects.csv');
    expect(withRejects.stdout).toContain(
      'The first 50 refused lines are shown above, of 60; all of them, with their reason, are in many-rejects.csv',
    );
    const rejects = readFileSync(path.join(suite.folder, 'many-rejects.csv'), 'utf8').trim().split('\n');
    expect(rejects).toHaveLength(61);
    expect(rejects.at(-1)).toContain('M1999-0060');
  });
});
