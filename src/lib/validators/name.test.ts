import { describe, expect, it } from 'vitest';
import { maskName, sameName, personName } from './name';

describe('maskName', () => {
  it('keeps the first and last characters of Chinese names', () => {
    expect(maskName('王小明')).toBe('王*明');
    expect(maskName('歐陽小明')).toBe('歐**明');
    expect(maskName('司馬')).toBe('司*');
  });

  it('masks the second character of a two-character name', () => {
    expect(maskName('王明')).toBe('王*');
    expect(maskName('Al')).toBe('A*');
  });

  it('leaves a single character and the empty string alone', () => {
    expect(maskName('王')).toBe('王');
    expect(maskName('')).toBe('');
    expect(maskName('   ')).toBe('');
  });

  it('masks everything between, spaces and hyphens included', () => {
    expect(maskName('Lin Mei-Ling')).toBe('L**********g');
    expect(maskName('Lin Mei-Ling')).toHaveLength('Lin Mei-Ling'.length);
    expect(maskName('Ann Lee')).toBe('A*****e');
  });

  it('trims and collapses whitespace first', () => {
    expect(maskName('  王小明 ')).toBe('王*明');
    expect(maskName('Lin   Mei')).toBe('L*****i');
    expect(maskName('Lin\u3000Mei')).toBe('L*****i');
  });

  it('counts by code points, not UTF-16 units', () => {
    expect(maskName('𠀋小明')).toBe('𠀋*明');
    expect(maskName('陳𠀋')).toBe('陳*');
    expect(maskName('王𠀋明')).toBe('王*明');
    expect(maskName('𠀋')).toBe('𠀋');
  });
});

describe('sameName', () => {
  const account = ['林美玲', 'Lin Mei-Ling'];

  it('takes the Chinese or the English name, trimmed, with spaces and case ignored', () => {
    for (const written of [
      '林美玲',
      ' 林 美玲 ',
      '林　美玲',
      'Lin Mei-Ling',
      'lin mei-ling',
      'LIN MEILING',
      'Lin Mei Ling',
    ])
      expect(sameName(written, account), written).toBe(true);
  });

  it('takes full-width letters and the parts of an English name in either order', () => {
    expect(sameName('Ｌｉｎ　Ｍｅｉ－Ｌｉｎｇ', account)).toBe(true);
    expect(sameName('Mei-Ling Lin', account)).toBe(true);
    expect(sameName('Lin, Mei-Ling', account)).toBe(true);
  });

  it('refuses another name, a part of the name, and an empty one', () => {
    for (const written of ['林美', '林美玲玲', '王美玲', 'Lin Mei', 'Lin Mei-Lin', 'Mei-Ling', '', '  ', '-'])
      expect(sameName(written, account), written).toBe(false);
    expect(sameName('林美玲', [null, '', undefined])).toBe(false);
    expect(sameName('Lin Mei-Ling', ['林美玲', null])).toBe(false);
  });
});

describe('personName', () => {
  it('calls a person by the name of the language, or by the only one they gave', () => {
    const both = { nameZh: '林美玲', nameEn: 'Lin Mei-Ling' };
    expect(personName(both, 'zh-tw')).toBe('林美玲');
    expect(personName(both, 'en-us')).toBe('Lin Mei-Ling');
    // From abroad: no Chinese name.
    expect(personName({ nameZh: '', nameEn: 'Olivia Hart' }, 'zh-tw')).toBe('Olivia Hart');
    expect(personName({ nameZh: '王小明', nameEn: ' ' }, 'en-us')).toBe('王小明');
  });
});
