import { describe, expect, it } from 'vitest';
import { MEMBER_FIELDS, type MemberField } from './columns';
import { type ClassInfo, planMember, readMemberLine, type StoredPerson } from './members';

const CLASSES: ClassInfo[] = [
  { id: 1, code: 'regular', name: { 'zh-tw': '正式會員', 'en-us': 'Regular member' }, life: false },
  { id: 4, code: 'life', name: { 'zh-tw': '永久會員', 'en-us': 'Life member' }, life: true },
];
const RULES = { graceDays: 90, renewalWindowDays: 60, lateJoinFrom: null };
const TODAY = '2026-06-15';

const cells = (values: Partial<Record<MemberField, string>>) =>
  Object.fromEntries(MEMBER_FIELDS.map((f) => [f, values[f] ?? ''])) as Record<MemberField, string>;

const NEW_LINE = {
  memberNo: 'M2019-0042',
  nameZh: '張雅婷',
  personId: 'a123456789',
  email: 'Ya-Ting@Example.org',
  phone: '0912-345-678',
  class: 'REGULAR',
  termStart: '2026-01-01',
  termEnd: '2026-12-31',
};

const read = (values: Partial<Record<MemberField, string>>) => readMemberLine(7, cells(values), CLASSES);
const plan = (values: Partial<Record<MemberField, string>>, stored: StoredPerson | null = null) => {
  const { read: line, problems } = read(values);
  expect(problems).toEqual([]);
  return planMember(line, stored, CLASSES, RULES, TODAY);
};

const STORED: StoredPerson = {
  account: { nameZh: '張雅婷', nameEn: 'Chang Ya-Ting', email: 'ya-ting@example.org', mobile: '0912345678', phone: '' },
  membership: {
    memberNo: 'M2019-0042',
    classId: 1,
    termStart: '2026-01-01',
    termEnd: '2026-12-31',
    joinedOn: '2019-03-01',
    pausedFrom: null,
    pausedUntil: null,
    lastDay: null,
    status: 'active',
  },
};

describe('reading a members line', () => {
  it('normalises what it reads', () => {
    const { read: line, problems } = read({ ...NEW_LINE, status: '有效', joinedOn: '2019/3/1' });
    expect(problems).toEqual([]);
    expect(line).toMatchObject({
      line: 7,
      personId: 'A123456789',
      email: 'ya-ting@example.org',
      phone: { kind: 'mobile', value: '0912345678' },
      classId: 1,
      status: 'active',
      joinedOn: '2019-03-01',
      nameEn: null,
    });
    expect(read({ phone: '(02) 2345-6789 #12' }).read.phone).toEqual({ kind: 'phone', value: '(02) 2345-6789 #12' });
    expect(read({ class: '永久會員' }).read.classId).toBe(4);
    expect(read({ status: 'In Grace' }).read.status).toBe('inGrace');
  });

  it('names the column of every problem', () => {
    const { problems } = read({
      memberNo: 'M 2019/42!',
      personId: 'A123456788',
      email: 'not-an-address',
      phone: 'call me',
      class: 'gold',
      status: 'retired',
      termStart: '2026-02-30',
      nameZh: '名'.repeat(51),
    });
    expect(problems.map((p) => [p.column, p.code])).toEqual([
      ['memberNo', 'badMemberNo'],
      ['nameZh', 'badName'],
      ['personId', 'badPersonId'],
      ['email', 'badEmail'],
      ['phone', 'badPhone'],
      ['class', 'unknownClass'],
      ['status', 'badStatus'],
      ['termStart', 'badDate'],
    ]);
    expect(problems.find((p) => p.code === 'unknownClass')!.values).toEqual({ value: 'gold', known: 'regular, life' });
    expect(JSON.stringify(problems)).not.toContain('A123456788');
  });
});

describe('planning a members line', () => {
  it('makes a new person a member, with every field as a change', () => {
    const { plan: made } = plan(NEW_LINE);
    expect(made).toMatchObject({
      outcome: 'new',
      account: { nameZh: '張雅婷', email: 'ya-ting@example.org', mobile: '0912345678', phone: '', nameEn: '' },
      membership: { memberNo: 'M2019-0042', classId: 1, joinedOn: '2026-01-01', status: 'active', lastDay: null },
      membershipChanges: null,
    });
  });

  it('asks a new person for what a member needs', () => {
    const { read: line } = read({ email: 'x@example.org' });
    const { problems } = planMember(line, null, CLASSES, RULES, TODAY);
    expect(problems.map((p) => p.column)).toEqual(['nameZh', 'personId', 'memberNo', 'class', 'termStart']);
    expect(new Set(problems.map((p) => p.code))).toEqual(new Set(['requiredForNew']));
  });

  it('changes nothing for the same facts, and never lets a blank cell overwrite', () => {
    expect(plan({ memberNo: 'M2019-0042' }, STORED).plan).toMatchObject({ outcome: 'unchanged', accountChanges: [] });
    expect(plan({ ...NEW_LINE, joinedOn: '2019-03-01' }, STORED).plan!.outcome).toBe('unchanged');
    const changed = plan({ memberNo: 'M2019-0042', termEnd: '2027-12-31', nameEn: 'Ya-Ting Chang' }, STORED).plan!;
    expect(changed.outcome).toBe('changed');
    expect(changed.accountChanges).toEqual(['nameEn']);
    expect(changed.membershipChanges).toEqual(['termEnd']);
    expect(changed.account.email).toBe('ya-ting@example.org');
  });

  it('keeps a phone number stored as either mobile or phone', () => {
    const stored = { ...STORED, account: { ...STORED.account, mobile: '', phone: '0912345678' } };
    expect(plan({ memberNo: 'M2019-0042', phone: '0912345678' }, stored).plan!.outcome).toBe('unchanged');
    const landline = plan({ memberNo: 'M2019-0042', phone: '02-2345-6789' }, STORED).plan!;
    expect(landline.accountChanges).toEqual(['phone']);
    expect(landline.account).toMatchObject({ mobile: '0912345678', phone: '02-2345-6789' });
  });

  it('accepts a status the dates give, and refuses one they do not', () => {
    expect(plan({ ...NEW_LINE, status: 'active' }).plan!.membership.status).toBe('active');
    const lapsed = { ...NEW_LINE, termStart: '2025-01-01', termEnd: '2025-12-31' };
    expect(plan({ ...lapsed, status: 'lapsed' }).plan!.membership.status).toBe('lapsed');
    const { problems } = plan({ ...lapsed, status: 'active' });
    expect(problems).toEqual([
      { line: 7, column: 'status', code: 'statusContradicts', values: { given: 'active', derived: 'lapsed' } },
    ]);
    const grace = { ...NEW_LINE, termStart: '2025-04-01', termEnd: '2026-03-31' };
    expect(plan({ ...grace, status: 'inGrace' }).plan!.membership.status).toBe('inGrace');
  });

  it('records the last day for ended: the term’s end once passed, else yesterday', () => {
    const past = plan({ ...NEW_LINE, termStart: '2024-01-01', termEnd: '2024-12-31', status: 'ended' }).plan!;
    expect(past.membership).toMatchObject({ lastDay: '2024-12-31', status: 'ended' });
    const running = plan({ memberNo: 'M2019-0042', status: '已退會' }, STORED).plan!;
    expect(running.membership).toMatchObject({ lastDay: '2026-06-14', status: 'ended' });
    expect(running.membershipChanges).toEqual(['lastDay']);
    // Ended already: nothing more to record.
    const ended = { ...STORED, membership: { ...STORED.membership!, lastDay: '2026-06-14', status: 'ended' as const } };
    expect(plan({ memberNo: 'M2019-0042', status: 'ended' }, ended).plan!.outcome).toBe('unchanged');
    expect(plan({ memberNo: 'M2019-0042', status: 'active' }, ended).problems[0]!.code).toBe('statusContradicts');
  });

  it('accepts paused only for a pause already recorded', () => {
    expect(plan({ ...NEW_LINE, status: 'paused' }).problems[0]).toMatchObject({
      column: 'status',
      code: 'pauseNotImported',
    });
    const paused = {
      ...STORED,
      membership: {
        ...STORED.membership!,
        termStart: '2025-01-01',
        termEnd: '2025-12-31',
        pausedFrom: '2026-01-01',
        pausedUntil: '2027-06-30',
      },
    };
    expect(plan({ memberNo: 'M2019-0042', status: 'paused' }, paused).plan!.outcome).toBe('unchanged');
  });

  it('gives a life class no term end, and a class with terms one', () => {
    expect(plan({ ...NEW_LINE, class: 'life' }).problems[0]).toMatchObject({ column: 'termEnd', code: 'lifeHasEnd' });
    const life = plan({ ...NEW_LINE, class: 'life', termEnd: '' }).plan!;
    expect(life.membership).toMatchObject({ termEnd: null, status: 'active' });
    const lifeStored = { ...STORED, membership: { ...STORED.membership!, classId: 4, termEnd: null } };
    expect(plan({ memberNo: 'M2019-0042', class: 'regular' }, lifeStored).problems[0]).toMatchObject({
      column: 'termEnd',
      code: 'endNeeded',
    });
    expect(plan({ memberNo: 'M2019-0042', class: 'life' }, STORED).plan!.membershipChanges).toEqual([
      'classId',
      'termEnd',
    ]);
  });

  it('refuses a term that ends before it starts, and joining after the term starts', () => {
    expect(plan({ ...NEW_LINE, termEnd: '2025-12-31' }).problems[0]).toMatchObject({
      column: 'termEnd',
      code: 'endBeforeStart',
    });
    expect(plan({ ...NEW_LINE, joinedOn: '2026-02-01' }).problems[0]).toMatchObject({
      column: 'joinedOn',
      code: 'joinedAfterStart',
    });
  });
});

describe('a new member’s language', () => {
  it('comes from the language column, in its usual spellings', () => {
    for (const [cell, locale] of [
      ['zh-TW', 'zh-tw'],
      ['中文', 'zh-tw'],
      ['Chinese', 'zh-tw'],
      ['en-us', 'en-us'],
      ['English', 'en-us'],
      ['英文', 'en-us'],
      ['EN', 'en-us'],
    ] as const)
      expect(plan({ ...NEW_LINE, language: cell }).plan?.locale, cell).toBe(locale);
  });

  it('is English when the name is written in Latin letters only, and not known otherwise', () => {
    expect(plan({ ...NEW_LINE, nameZh: 'John Smith' }).plan?.locale).toBe('en-us');
    expect(plan({ ...NEW_LINE, nameEn: 'Chang Ya-Ting' }).plan?.locale).toBeNull();
    expect(plan(NEW_LINE).plan?.locale).toBeNull();
  });

  it('refuses a language it cannot read, naming both', () => {
    const { problems } = read({ ...NEW_LINE, language: 'Klingon' });
    expect(problems).toEqual([{ line: 7, column: 'language', code: 'badLanguage', values: { value: 'Klingon' } }]);
  });
});
