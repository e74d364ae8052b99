import { describe, expect, it } from 'vitest';
import { CREDIT_FIELDS, type CreditField } from './columns';
import { activityKey, readCreditLine, sameCredit } from './credits';

const RULES = {
  categories: [
    { key: 'professional', name: { 'zh-tw': '專業課程', 'en-us': 'Professional' } },
    { key: 'quality', name: { 'zh-tw': '專業品質', 'en-us': 'Professional quality' } },
  ],
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
