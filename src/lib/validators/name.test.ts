import { describe, expect, it } from 'vitest';
import { maskName } from './name';

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
