import { describe, expect, it } from 'vitest';
import {
  certificateEnd,
  type CreditRuleSet,
  evaluateStanding,
  type LedgerEntry,
  renewalWindow,
  toTenths,
  wouldAdd,
  wouldAddAll,
  DEFAULT_CREDIT_TOPICS,
} from './rules';

const name = { 'zh-tw': '名稱' };

/** A practice licence as Taiwan's rules set it: 120 points in six years, quality, ethics and law 12 to 24. */
const LICENCE: CreditRuleSet = {
  periodMonths: 72,
  totalPoints: 120,
  renewalWindowMonths: 6,
  classMinimums: [],
  categories: [
    { key: 'professional', name },
    { key: 'quality', name },
    { key: 'ethics', name },
    { key: 'law', name },
  ],
  topics: DEFAULT_CREDIT_TOPICS,
  groups: [
    {
      key: 'qualityEthicsLaw',
      name,
      categories: ['quality', 'ethics', 'law'],
      min: 12,
      cap: 24,
      mustInclude: [
        { topic: 'infectionControl', min: 1 },
        { topic: 'gender', min: 1 },
      ],
    },
  ],
  methodCaps: [{ method: 'online', cap: 60 }],
  claimFee: 0,
  attendance: { fullShare: 0.9, proRateShare: 0.5 },
  accreditation: {
    reviewFee: 2000,
    leadDays: 30,
    urgentDays: 14,
    urgentFee: 1000,
    rosterDays: 30,
    maxPointsPerHour: 1,
  },
};

/** A specialist certificate of the society's own: 300 points, at least 150 of class A. */
const SPECIALIST: CreditRuleSet = {
  ...LICENCE,
  totalPoints: 300,
  classMinimums: [{ creditClass: 'A', min: 150 }],
  groups: [],
  methodCaps: [
    { method: 'paper', cap: 90 },
    { method: 'lecture', cap: 60 },
  ],
};

const PERIOD = { startsOn: '2021-01-01', endsOn: '2026-12-31' };

let nextId = 1;
function entry(points: number, over: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    id: nextId++,
    points: toTenths(points),
    creditClass: 'A',
    category: 'professional',
    method: 'course',
    topics: [],
    earnedOn: '2023-05-01',
    status: 'posted',
    ...over,
  };
}

describe('a certificate period and its renewal window', () => {
  it('runs six years to the day before the same date', () => {
    expect(certificateEnd(LICENCE, '2021-01-01')).toBe('2026-12-31');
    expect(certificateEnd(LICENCE, '2020-03-15')).toBe('2026-03-14');
  });

  it('opens renewal six months before the end and closes after the last day', () => {
    expect(renewalWindow(LICENCE, '2026-12-31', '2026-06-30')).toMatchObject({
      opensOn: '2026-07-01',
      state: 'notYet',
    });
    expect(renewalWindow(LICENCE, '2026-12-31', '2026-07-01')).toMatchObject({ state: 'open', daysLeft: 183 });
    expect(renewalWindow(LICENCE, '2026-12-31', '2026-12-31')).toMatchObject({ state: 'open', daysLeft: 0 });
    expect(renewalWindow(LICENCE, '2026-12-31', '2027-01-01')).toMatchObject({ state: 'ended', daysLeft: -1 });
    expect(renewalWindow(LICENCE, '2026-03-14', '2025-09-15')).toMatchObject({ opensOn: '2025-09-15', state: 'open' });
  });
});

describe('where a member stands against a practice licence', () => {
  it('meets the rules with 120 points including 12 of quality, ethics and law with both topics', () => {
    const s = evaluateStanding(
      LICENCE,
      PERIOD,
      [
        entry(108),
        entry(6, { category: 'quality', topics: ['infectionControl'] }),
        entry(4, { category: 'ethics', topics: ['gender'] }),
        entry(2, { category: 'law' }),
      ],
      '2026-01-10',
    );
    expect(s.total).toEqual({ have: 1200, need: 1200 });
    expect(s.groups[0]).toMatchObject({ have: 120, min: 120, cap: 240, over: 0 });
    expect(s.shortfalls).toEqual([]);
    expect(s.met).toBe(true);
  });

  it('is short of the group minimum when quality, ethics and law reach 11.5', () => {
    const s = evaluateStanding(
      LICENCE,
      PERIOD,
      [
        entry(130),
        entry(10, { category: 'quality', topics: ['infectionControl', 'gender'] }),
        entry(1.5, { category: 'law' }),
      ],
      '2026-01-10',
    );
    expect(s.total.have).toBe(1415);
    expect(s.shortfalls).toEqual([{ kind: 'group', group: 'qualityEthicsLaw', missing: 5 }]);
    expect(s.met).toBe(false);
  });

  it('counts quality, ethics and law up to 24 and says which later points the cap left out', () => {
    const first = entry(20, { category: 'quality', topics: ['infectionControl', 'gender'], earnedOn: '2022-01-01' });
    const second = entry(10, { category: 'ethics', earnedOn: '2023-01-01' });
    const third = entry(3, { category: 'law', earnedOn: '2024-01-01' });
    const s = evaluateStanding(LICENCE, PERIOD, [third, second, first], '2026-01-10');
    expect(s.groups[0]).toMatchObject({ have: 240, over: 90 });
    expect(s.entries).toEqual([
      { id: third.id, counted: 0, reason: 'groupCap' },
      { id: second.id, counted: 40, reason: 'groupCap' },
      { id: first.id, counted: 200, reason: null },
    ]);
    expect(s.total).toEqual({ have: 240, need: 1200 });
    expect(s.shortfalls).toEqual([{ kind: 'total', missing: 960 }]);
  });

  it('needs infection control and gender among the group points', () => {
    const s = evaluateStanding(
      LICENCE,
      PERIOD,
      [entry(110), entry(12, { category: 'quality', topics: ['infectionControl'] })],
      '2026-01-10',
    );
    expect(s.groups[0]!.topics).toEqual([
      { topic: 'infectionControl', have: 120, need: 10 },
      { topic: 'gender', have: 0, need: 10 },
    ]);
    expect(s.shortfalls).toEqual([{ kind: 'topic', group: 'qualityEthicsLaw', topic: 'gender', missing: 10 }]);
  });

  it('counts online courses up to 60 points', () => {
    const early = entry(50, { method: 'online', earnedOn: '2022-01-01' });
    const late = entry(20, { method: 'online', earnedOn: '2023-01-01' });
    const s = evaluateStanding(LICENCE, PERIOD, [early, late, entry(50)], '2026-01-10');
    expect(s.methods).toEqual([{ method: 'online', have: 600, cap: 600, over: 100 }]);
    expect(s.entries[1]).toEqual({ id: late.id, counted: 100, reason: 'methodCap' });
    expect(s.total.have).toBe(1100);
  });

  it('applies the tighter of a method cap and a group cap to one entry', () => {
    const online = entry(55, { method: 'online', earnedOn: '2022-01-01' });
    const both = entry(20, { method: 'online', category: 'ethics', earnedOn: '2023-01-01' });
    const s = evaluateStanding(LICENCE, PERIOD, [online, both], '2026-01-10');
    // Five points of online room are left, the group has 24: five count, the method cap is why.
    expect(s.entries[1]).toEqual({ id: both.id, counted: 50, reason: 'methodCap' });
    expect(s.groups[0]!.have).toBe(50);
  });

  it('counts nothing earned outside the period, refused or replaced', () => {
    const before = entry(10, { earnedOn: '2020-12-31' });
    const after = entry(10, { earnedOn: '2027-01-01' });
    const refused = entry(10, { status: 'refused' });
    const replaced = entry(10, { status: 'replaced' });
    const onFirstDay = entry(1, { earnedOn: '2021-01-01' });
    const onLastDay = entry(1, { earnedOn: '2026-12-31' });
    const s = evaluateStanding(
      LICENCE,
      PERIOD,
      [before, after, refused, replaced, onFirstDay, onLastDay],
      '2026-01-10',
    );
    expect(s.entries.map((e) => e.reason)).toEqual([
      'outsidePeriod',
      'outsidePeriod',
      'refused',
      'replaced',
      null,
      null,
    ]);
    expect(s.total.have).toBe(20);
  });

  it('reports an empty ledger as short of everything', () => {
    const s = evaluateStanding(LICENCE, PERIOD, [], '2026-01-10');
    expect(s.shortfalls).toEqual([
      { kind: 'total', missing: 1200 },
      { kind: 'group', group: 'qualityEthicsLaw', missing: 120 },
      { kind: 'topic', group: 'qualityEthicsLaw', topic: 'infectionControl', missing: 10 },
      { kind: 'topic', group: 'qualityEthicsLaw', topic: 'gender', missing: 10 },
    ]);
  });
});

describe('where a member stands against a specialist certificate', () => {
  it('needs 150 class-A points among 300', () => {
    const s = evaluateStanding(
      SPECIALIST,
      PERIOD,
      [entry(140, { creditClass: 'A' }), entry(170, { creditClass: 'B' })],
      '2026-01-10',
    );
    expect(s.total).toEqual({ have: 3100, need: 3000 });
    expect(s.classes).toEqual([{ creditClass: 'A', have: 1400, need: 1500 }]);
    expect(s.shortfalls).toEqual([{ kind: 'class', creditClass: 'A', missing: 100 }]);
  });

  it('counts papers up to 90 and lectures given up to 60, so a full ledger of them is not enough', () => {
    const s = evaluateStanding(
      SPECIALIST,
      PERIOD,
      [entry(120, { method: 'paper' }), entry(80, { method: 'lecture' }), entry(100, { method: 'course' })],
      '2026-01-10',
    );
    expect(s.methods).toEqual([
      { method: 'paper', have: 900, cap: 900, over: 300 },
      { method: 'lecture', have: 600, cap: 600, over: 200 },
    ]);
    expect(s.total.have).toBe(2500);
    expect(s.shortfalls[0]).toEqual({ kind: 'total', missing: 500 });
  });
});

describe('what an activity would add', () => {
  it('adds its points while there is room, and only the room left under a cap', () => {
    const ledger = [entry(50, { method: 'online', earnedOn: '2022-01-01' })];
    const activity = {
      points: toTenths(20),
      creditClass: 'A' as const,
      category: 'professional',
      topics: [],
      earnedOn: '2024-01-01',
    };
    expect(wouldAdd(LICENCE, PERIOD, ledger, { ...activity, method: 'course' }, '2026-01-10')).toEqual({
      counted: 200,
      reason: null,
      gain: 200,
    });
    expect(wouldAdd(LICENCE, PERIOD, ledger, { ...activity, method: 'online' }, '2026-01-10')).toEqual({
      counted: 100,
      reason: 'methodCap',
      gain: 100,
    });
  });

  it('gains nothing from an activity outside the period', () => {
    const activity = {
      points: 30,
      creditClass: 'A' as const,
      category: 'professional',
      method: 'course' as const,
      topics: [],
      earnedOn: '2027-02-01',
    };
    expect(wouldAdd(LICENCE, PERIOD, [], activity, '2026-01-10')).toEqual({
      counted: 0,
      reason: 'outsidePeriod',
      gain: 0,
    });
  });

  it('counts an earlier activity first, so the gain is what the cap leaves overall', () => {
    // A later online entry fills the cap; an earlier one takes its room, and overall nothing is gained.
    const ledger = [entry(60, { method: 'online', earnedOn: '2024-01-01' })];
    const activity = {
      points: 100,
      creditClass: 'A' as const,
      category: 'professional',
      method: 'online' as const,
      topics: [],
      earnedOn: '2022-01-01',
    };
    expect(wouldAdd(LICENCE, PERIOD, ledger, activity, '2026-01-10')).toEqual({ counted: 100, reason: null, gain: 0 });
  });

  it('adds a course’s sessions together and names the shortfalls they close', () => {
    // 100 points, 9 of them quality (3 short of 12) with infection control but no gender topic.
    const ledger = [entry(91), entry(9, { category: 'quality', topics: ['infectionControl'] })];
    const session = (points: number, category: string, topics: ('gender' | 'infectionControl')[] = []) => ({
      points: toTenths(points),
      creditClass: 'A' as const,
      category,
      method: 'course' as const,
      topics,
      earnedOn: '2026-03-01',
    });
    expect(
      wouldAddAll(
        LICENCE,
        PERIOD,
        ledger,
        [session(3, 'ethics', ['gender']), session(2, 'professional')],
        '2026-01-10',
      ),
    ).toEqual({
      gain: 50,
      missingBefore: 200,
      missingAfter: 150,
      closes: [
        { kind: 'group', group: 'qualityEthicsLaw', missing: 30 },
        { kind: 'topic', group: 'qualityEthicsLaw', topic: 'gender', missing: 10 },
      ],
    });
    expect(wouldAddAll(LICENCE, PERIOD, ledger, [], '2026-01-10')).toMatchObject({ gain: 0, closes: [] });
  });
});
