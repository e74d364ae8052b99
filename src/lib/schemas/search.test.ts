import { describe, expect, it } from 'vitest';
import { searchQuery } from './search';

describe('searchQuery', () => {
  it('trims the query and takes up to 200 characters, counting characters', () => {
    expect(searchQuery.parse({ q: '  超音波  ' }).q).toBe('超音波');
    expect(searchQuery.parse({ q: '𠮷'.repeat(200) }).q).toHaveLength(400);
    expect(searchQuery.safeParse({ q: 'x'.repeat(201) }).success).toBe(false);
  });

  it('refuses an empty query and one holding an unpaired surrogate', () => {
    for (const q of ['', '   ', '\uD800', 'a\uDC00b', '\uDBFF'])
      expect(searchQuery.safeParse({ q }).success, JSON.stringify(q)).toBe(false);
    expect(searchQuery.safeParse({ q: '\uD842\uDFB7' }).success).toBe(true);
  });

  it('reads the filters', () => {
    expect(searchQuery.parse({ q: 'a', kind: 'paper', year: '2024', when: 'past', page: '3' })).toEqual({
      q: 'a',
      kind: 'paper',
      year: 2024,
      when: 'past',
      page: 3,
    });
  });
});
