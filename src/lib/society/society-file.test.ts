import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { contrastRatio, DEFAULT_BRAND_COLOR } from '../theme';
import { planSociety, type InUse, type SocietyState } from './plan';
import { checkSociety } from './problems';
import { momentOf, momentText, type SocietyFile } from './society-file';
import { readSocietyText, societyYaml } from './society-yaml';
import DEMO_TEXT from '../../../society/demo/society.yaml?raw';

const demo = (): Record<string, unknown> => parse(DEMO_TEXT) as Record<string, unknown>;
const checked = (value: unknown): SocietyFile => {
  const result = checkSociety(value);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.society;
};
const state = (society: SocietyFile): SocietyState => ({ ...society, logo: 'aaa', favicon: 'bbb' });
const NOTHING_USED: InUse = { classes: new Set(), topics: new Set(), certifications: new Set() };

describe('the society file', () => {
  it('accepts the demo society', () => {
    const society = checked(demo());
    expect(society.classes.map((c) => c.code)).toEqual(['regular', 'associate', 'student', 'life', 'overseas']);
    expect(society.certifications.find((c) => c.code === 'ultrasound')?.published).toBeNull();
  });

  it('lists every problem with its path, in Chinese and English', () => {
    const society = demo();
    delete (society.name as Record<string, string>)['en-us'];
    (society.settings as Record<string, unknown>).newebpayTradeLimit = -1;
    (society.classes as Record<string, unknown>[])[1]!.joinOpens = '2026-02-30x';
    const result = checkSociety(society);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.path)).toEqual([
      'name.en-us',
      'settings.newebpayTradeLimit',
      'classes[1].joinOpens',
    ]);
    for (const problem of result.problems) {
      expect(problem.en).toMatch(/[a-z]/);
      expect(problem.zh).toMatch(/\p{Script=Han}/u);
    }
    expect(result.problems[2]).toMatchObject({
      zh: '須為日期 YYYY-MM-DD 或含時區的日期時間',
      en: 'a date YYYY-MM-DD, or a date and time with its offset',
    });
  });

  it('reports what classes refer to together with the shape problems, in the file’s own words', () => {
    const society = demo();
    const classes = society.classes as Record<string, unknown>[];
    delete (classes[2]!.name as Record<string, string>)['zh-tw'];
    (classes[1]!.description as Record<string, string>)['en-us'] = ' ';
    classes[0]!.entranceFee = -1;
    classes[3]!.term = 'weekly';
    classes[0]!.changeTo = ['gold'];
    (society.contact as Record<string, unknown>).fax = 12;
    society.colour = '#2B72CC';
    const result = checkSociety(society);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const lines = result.problems.map((p) => `${p.path}: ${p.en} / ${p.zh}`);
    expect(lines).toEqual(
      expect.arrayContaining([
        ': unknown key colour (misspelt?) / 不認得的欄位 colour（拼錯了嗎？）',
        'contact.fax: must be a text / 須為文字',
        'classes[0].entranceFee: at least 0 / 不可小於 0',
        'classes[1].description.en-us: required / 必填，不可空白',
        'classes[2].name.zh-tw: required / 必填',
        'classes[3].term: one of calendarYear, months / 須為 calendarYear、months 其中之一',
        'classes[0].changeTo[0]: there is no class with the code gold / 沒有代碼為 gold 的會員類別',
      ]),
    );
    expect(lines).toHaveLength(7);
    expect(lines.join('\n')).not.toMatch(/Invalid input|Too small|expected/);
  });

  it('refuses a brand colour that white text cannot be read on, saying the contrast', () => {
    const result = checkSociety({ ...demo(), color: '#5BA3F5' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([
      expect.objectContaining({ path: 'color', en: expect.stringContaining('2.62:1, below WCAG AA') }),
    ]);
    expect(checkSociety({ ...demo(), color: '#1D4E89' }).ok).toBe(true);
    // The default colour itself passes (decision record 014: #2C7AD5 gave white text 4.33:1).
    expect(contrastRatio(DEFAULT_BRAND_COLOR, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#2C7AD5', '#FFFFFF')).toBeLessThan(4.5);
  });

  it('checks what classes refer to: moves to known classes, term lengths, life dues, unique codes', () => {
    const society = demo();
    const classes = society.classes as Record<string, unknown>[];
    classes[0]!.changeTo = ['gold', 'regular'];
    classes[2]!.termMonths = null;
    classes[3]!.duesPerTerm = 100;
    classes[4]!.code = 'associate';
    const result = checkSociety(society);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => `${p.path}: ${p.en}`)).toEqual([
      'classes[4].code: the code associate is used twice',
      'classes[0].changeTo[0]: there is no class with the code gold',
      'classes[0].changeTo[1]: a class cannot change to itself',
      'classes[2].termMonths: is needed when the term is counted in months',
      'classes[3].duesPerTerm: must be 0 for a life class (no yearly dues)',
    ]);
  });

  it('refuses keys it does not know, so a misspelt setting is not silently ignored', () => {
    const result = checkSociety({ ...demo(), colour: '#1D4E89' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]!.en).toContain('colour');
  });

  it('reads YAML and JSON, and says on which line a broken YAML file stops', () => {
    expect(readSocietyText('{"name": 1}', 'society.json')).toEqual({ value: { name: 1 } });
    const broken = readSocietyText('name:\n  zh-tw: a\n  zh-tw: b\n', 'society.yaml');
    expect(broken).toMatchObject({ problem: { path: '', en: expect.stringContaining('line 3') } });
    expect(readSocietyText('{', 'society.json')).toMatchObject({
      problem: { en: expect.stringMatching(/^not valid JSON/) },
    });
  });

  it('writes a society as YAML that reads back the same', () => {
    const society = checked(demo());
    const text = societyYaml(society);
    expect(text).toBe(DEMO_TEXT);
    expect(checked(parse(text))).toEqual(society);
  });

  it('writes moments as days in Taipei where it can, and reads them back', () => {
    expect(momentOf('2026-01-01').toISOString()).toBe('2025-12-31T16:00:00.000Z');
    expect(momentText(momentOf('2026-01-01'))).toBe('2026-01-01');
    expect(momentText(new Date('2026-03-01T01:30:00Z'))).toBe('2026-03-01T09:30:00+08:00');
    expect(momentOf(momentText(new Date('2026-03-01T01:30:00Z'))).toISOString()).toBe('2026-03-01T01:30:00.000Z');
  });
});

describe('planning a society file against the stored society', () => {
  it('finds nothing to change when the file is the stored society', () => {
    const society = checked(demo());
    expect(planSociety(state(society), state(society), NOTHING_USED)).toEqual([]);
  });

  it('lists changed fields, new items, deletions, closures of classes in use and a new order', () => {
    const stored = checked(demo());
    const file = structuredClone(stored);
    file.contact.phone = '+886-2-2000-0000';
    file.classes[0]!.duesPerTerm = 1800;
    file.classes = file.classes.filter((c) => c.code !== 'associate' && c.code !== 'overseas');
    file.classes.push({ ...file.classes[0]!, code: 'honorary', changeTo: [] });
    [file.classes[1], file.classes[2]] = [file.classes[2]!, file.classes[1]!];
    file.certifications = file.certifications.filter((c) => c.code !== 'specialist');
    const inUse: InUse = {
      classes: new Set(['associate']),
      topics: new Set(),
      certifications: new Set(['specialist']),
    };
    const changes = planSociety(state(stored), state(file), inUse);
    expect(changes.map((c) => `${c.kind} ${c.path}`)).toEqual([
      'set contact.phone',
      'set classes.regular.duesPerTerm',
      'add classes.honorary',
      'close classes.associate',
      'remove classes.overseas',
      'order classes',
      'unpublish certifications.specialist',
    ]);
    expect(changes[1]).toMatchObject({ before: 1500, after: 1800 });
    expect(changes[3]!.after).toMatchObject({ active: false, joinOpens: null });
  });

  it('leaves a class it closed before alone, so applying the same file twice changes nothing', () => {
    const stored = checked(demo());
    const closed = structuredClone(stored);
    closed.classes = closed.classes.map((c) => (c.code === 'associate' ? { ...c, active: false, joinOpens: null } : c));
    const file = structuredClone(stored);
    file.classes = file.classes.filter((c) => c.code !== 'associate');
    const inUse: InUse = { ...NOTHING_USED, classes: new Set(['associate']) };
    expect(planSociety(state(closed), state(file), inUse)).toEqual([]);
  });

  it('sees a new picture by its bytes, not its name', () => {
    const society = checked(demo());
    expect(planSociety(state(society), { ...state(society), logo: 'ccc' }, NOTHING_USED)).toEqual([
      { path: 'logo', kind: 'set', before: 'aaa', after: 'ccc' },
    ]);
  });
});
