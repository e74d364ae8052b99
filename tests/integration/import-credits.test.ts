import { describe, expect, it } from 'vitest';
import { importSuite, personId } from './import-helpers';

/** `npm run import -- credits`: the built command on a database of its own with the demo society. */
const suite = importSuite();
const HEADER = ['會員編號', '身分證字號', '日期', '活動名稱', '主辦單位', '類別', '積分'];
// The demo's active member (A123456789) and web user (F131104093, no membership).
const FILE = [
  HEADER,
  ['', 'A123456789', '2026-03-10', '感染管制實務', '疾病管制署', '專業品質', '1.5'],
  ['', 'A123456789', '2026-04-01', '內科年會（匯入）', '臺灣內科醫學會', 'professional', '12'],
  ['', 'F131104093', '2026-04-01', '內科年會（匯入）', '臺灣內科醫學會', 'Professional', '6'],
  ['', personId(201), '2026-04-01', '內科年會（匯入）', '臺灣內科醫學會', 'professional', '6'],
  ['', 'A123456789', '2026-04-01', '內科年會（匯入）', '臺灣內科醫學會', 'professional', '10'],
  ['', 'A123456789', '2026-05-01', '年會', '學會', 'dance', '1.25'],
];

interface Entry {
  points: number;
  status: string;
  note: string;
  credit_class: string;
  method: string;
  category: string;
  source: string;
}
const entries = (title: string) =>
  suite.query<Entry>(
    `SELECT e.points, e.status, e.note, e.credit_class, e.method, e.category, e.source
      FROM credit_entries e JOIN certification_kinds k ON k.id = e.kind_id
      WHERE k.code = 'licence' AND e.title->>'zh-tw' = '${title}' ORDER BY e.id`,
  );

describe('npm run import -- credits', () => {
  it('asks which certification kind when there are several', async () => {
    const run = await suite.run('credits', suite.csv('credits.csv', FILE));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('請以 --kind 指定其一：licence, specialist, ultrasound');
    expect(run.stderr).toContain('name one with --kind (licence, specialist, ultrasound)');
    expect((await suite.run('credits', 'credits.csv', '--kind', 'yoga')).stderr).toContain(
      'No certification kind has the code “yoga”',
    );
  });

  it('reports first, then posts each activity as the society’s record of the kind', async () => {
    const dry = await suite.run('credits', 'credits.csv', '--kind', 'licence');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('Line 5 [national ID]: no account has this member number or national ID');
    expect(dry.stdout).toContain('第 5 行〔身分證字號〕：找不到此會員編號或身分證字號的帳號');
    expect(dry.stdout).toContain('Line 6 [title]: the same activity as line 3');
    expect(dry.stdout).toContain('Line 7 [category]: “dance” is not a category of this certification');
    expect(dry.stdout).toContain('Line 7 [points]: points “1.25” must be a number above 0 and below 1000');
    expect(dry.stdout).toContain('New 3, changed 0, unchanged 0, refused 3 (6 lines)');
    expect(dry.stdout).toContain('Dry run: nothing was written.');
    expect(await entries('內科年會（匯入）')).toEqual([]);

    const run = await suite.run('credits', 'credits.csv', '--kind', 'licence', '--yes');
    expect(run.stdout).toContain('Certification: Physician practising licence: continuing education (licence)');
    expect(run.stdout).toContain('New 3, changed 0, unchanged 0, refused 3 (6 lines)');
    expect(run.stdout).toContain('Applied.');
    // A record the society kept: an attended course of class A, in tenths.
    expect(await entries('感染管制實務')).toEqual([
      {
        points: 15,
        status: 'posted',
        note: '',
        credit_class: 'A',
        method: 'course',
        category: 'quality',
        source: 'society',
      },
    ]);
    expect((await entries('內科年會（匯入）')).map((e) => e.points)).toEqual([120, 60]);
    expect((await suite.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'import.credit'`))[0]).toEqual({
      n: 3,
    });
  });

  it('changes nothing when the same activities are imported again', async () => {
    const run = await suite.run('credits', 'credits.csv', '--kind', 'licence', '--yes');
    expect(run.stdout).toContain('New 0, changed 0, unchanged 3, refused 3 (6 lines)');
    expect(run.stdout).toContain('Nothing to change: the file says what is stored.');
    expect(await entries('感染管制實務')).toHaveLength(1);
  });

  it('replaces an activity whose points changed, as a corrected roster does', async () => {
    const file = suite.csv('corrected.csv', [
      ['national ID', 'date', 'title', 'organiser', 'category', 'points', 'class', 'topics'],
      ['A123456789', '2026-03-10', '感染管制實務', '疾病管制署', 'quality', '2', '', '感染管制'],
    ]);
    const run = await suite.run('credits', file, '--kind', 'licence', '--yes');
    expect(run.stdout).toContain('New 0, changed 1, unchanged 0, refused 0 (1 line)');
    expect(await entries('感染管制實務')).toEqual([
      {
        points: 15,
        status: 'replaced',
        note: '匯入更正：原為 1.5 點 / Corrected by import: was 1.5 points',
        credit_class: 'A',
        method: 'course',
        category: 'quality',
        source: 'society',
      },
      {
        points: 20,
        status: 'posted',
        note: '',
        credit_class: 'A',
        method: 'course',
        category: 'quality',
        source: 'society',
      },
    ]);
    const again = await suite.run('credits', file, '--kind', 'licence', '--yes');
    expect(again.stdout).toContain('New 0, changed 0, unchanged 1, refused 0 (1 line)');
  });
});
