import { describe, expect, it } from 'vitest';
import { localName, pickText, truncate } from './i18n-text';

describe('pickText', () => {
  it('picks the reader language and falls back to zh-tw when a translation is missing or blank', () => {
    expect(pickText({ 'zh-tw': '學會', 'en-us': 'Society' }, 'en-us')).toBe('Society');
    expect(pickText({ 'zh-tw': '學會' }, 'en-us')).toBe('學會');
    expect(pickText({ 'zh-tw': '學會', 'en-us': '  ' }, 'en-us')).toBe('學會');
    expect(pickText(null, 'zh-tw')).toBe('');
  });
});

describe('truncate', () => {
  it('cuts at 100 characters, counting characters rather than UTF-16 units', () => {
    const long = '醫'.repeat(150);
    expect(Array.from(truncate(long)).length).toBe(101);
    expect(truncate(long).endsWith('…')).toBe(true);
    expect(truncate('短文')).toBe('短文');
    expect(truncate('😀'.repeat(100))).toBe('😀'.repeat(100));
    expect(truncate('a\n\n  b')).toBe('a b');
  });
});

describe('localName', () => {
  const hospital = { zh: '仁愛醫療財團法人仁愛綜合醫院', en: 'Jen-Ai General Hospital' };
  it('names by the English name on English pages, and by the Chinese name otherwise or without one', () => {
    expect(localName(hospital, 'en-us')).toBe('Jen-Ai General Hospital');
    expect(localName(hospital, 'zh-tw')).toBe('仁愛醫療財團法人仁愛綜合醫院');
    expect(localName({ zh: '臺大醫院', en: '  ' }, 'en-us')).toBe('臺大醫院');
    expect(localName({ zh: '臺大醫院' }, 'en-us')).toBe('臺大醫院');
  });
});
