import { describe, expect, it } from 'vitest';
import { CREDIT_FIELDS, type CreditField } from './columns';
import { parse } from 'yaml';
import { DEFAULT_CREDIT_TOPICS } from '../credits/rules';
import { checkSociety } from '../society/problems';
import { activityKey, readCreditLine, sameCredit } from './credits';
import DEMO_TEXT from '../../../society/demo/society.yaml?raw';

const RULES = {
  categories: [
    { key: 'professional', name: { 'zh-tw': '專業課程', 'en-us': 'Professional' } },
    { key: 'quality', name: { 'zh-tw': '專業品質', 'en-us': 'Professional quality' } },
  ],
  topics: DEFAULT_CREDIT_TOPICS,
};
const cells = (values: Partial<Record<CreditField, string>>) =>
  Object.fromEntries(CREDIT_FIELDS.map((f) => [f, values[f] ?? ''])) as Record<CreditField, string>;
const LINE = {
  memberNo: 'M2019-0042',
  earnedOn: '2026-03-10',
  title: '感染管制實務',
  provider: '疾病管制署',
  category: '專業品質',
  points: '1.5',
};
const read = (values: Partial<Record<CreditField, string>>) => readCreditLine(4, cells(values), RULES, '2026-06-15');

describe('reading a credits line', () => {
  it('takes the topics of the society file’s certification, by key or name, and refuses others', () => {
    const society = parse(DEMO_TEXT) as { certifications: { code: string; rules: Record<string, unknown> }[] };
    const specialist = society.certifications.find((c) => c.code === 'specialist')!;
    specialist.rules.topics = [{ key: 'radiationSafety', name: { 'zh-tw': '輻射安全', 'en-us': 'Radiation safety' } }];
    const checked = checkSociety(society);
    if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
    const rules = checked.society.certifications.find((c) => c.code === 'specialist')!.rules;
    const line = { ...LINE, category: 'clinical' };
    const own = readCreditLine(4, cells({ ...line, topics: 'radiationSafety、輻射安全' }), rules, '2026-06-15');
    expect(own.problems).toEqual([]);
    expect(own.read?.topics).toEqual(['radiationSafety']);
    const other = readCreditLine(4, cells({ ...line, topics: 'infectionControl' }), rules, '2026-06-15');
    expect(other.problems).toEqual([
      {
        line: 4,
        column: 'topics',
        code: 'badTopic',
        values: { value: 'infectionControl', known: 'radiationSafety (輻射安全)' },
      },
    ]);
  });

  it('reads an attended course of class A unless the line says otherwise', () => {
    expect(read(LINE)).toEqual({
      read: {
        line: 4,
        memberNo: 'M2019-0042',
        personId: null,
        earnedOn: '2026-03-10',
        title: '感染管制實務',
        provider: '疾病管制署',
        category: 'quality',
        points: 15,
        creditClass: 'A',
        method: 'course',
        topics: [],
      },
      problems: [],
    });
    const other = read({
      ...LINE,
      creditClass: '乙類',
      method: '網路課程',
      topics: '性別議題、infectionControl',
    }).read!;
    expect(other).toMatchObject({ creditClass: 'B', method: 'online', topics: ['gender', 'infectionControl'] });
    expect(read({ ...LINE, category: 'PROFESSIONAL' }).read!.category).toBe('professional');
  });

  it('names the column of every problem', () => {
    const { problems } = read({
      memberNo: '',
      earnedOn: '2026-07-01',
      category: 'ethics',
      points: '1.25',
      creditClass: 'C',
      method: 'dance',
      topics: 'golf',
    });
    expect(problems.map((p) => [p.column, p.code])).toEqual([
      ['memberNo', 'required'],
      ['earnedOn', 'futureDate'],
      ['title', 'required'],
      ['category', 'unknownCategory'],
      ['points', 'badPoints'],
      ['creditClass', 'badCreditClass'],
      ['method', 'badMethod'],
      ['topics', 'badTopic'],
    ]);
    expect(problems[3]!.values!.known).toBe('professional (專業課程), quality (專業品質)');
  });

  it('tells the same activity by person, date, title, organiser and category', () => {
    const line = read(LINE).read!;
    expect(activityKey(3, line)).toBe(activityKey(3, { ...line }));
    expect(activityKey(3, line)).not.toBe(activityKey(4, line));
    expect(activityKey(3, line)).not.toBe(activityKey(3, { ...line, provider: '' }));
    expect(sameCredit(line, { ...line })).toBe(true);
    expect(sameCredit(line, { ...line, points: 20 })).toBe(false);
    expect(
      sameCredit(
        { ...line, topics: ['infectionControl', 'gender'] },
        { ...line, topics: ['gender', 'infectionControl'] },
      ),
    ).toBe(true);
  });
});
