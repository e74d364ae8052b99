import { describe, expect, it } from 'vitest';
import { listIndexing, pageCount, pageOffset, pageWindow } from './paging';

describe('paging', () => {
  it('counts at least one page, even for an empty list', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });

  it('offsets pages from 1', () => {
    expect(pageOffset(1, 10)).toBe(0);
    expect(pageOffset(3, 20)).toBe(40);
  });

  it('shows first, last and neighbours, with gaps', () => {
    expect(pageWindow(6, 12)).toEqual([1, null, 5, 6, 7, null, 12]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, null, 5]);
    // a gap of one page shows the page instead of an ellipsis
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('listIndexing', () => {
  it('keeps the page and filters in the canonical query and indexes real pages only', () => {
    expect(listIndexing({ page: 2, totalPages: 3 }, undefined, { when: 'past' })).toEqual({
      canonicalQuery: { when: 'past', page: 2 },
      noindex: false,
    });
    expect(listIndexing({ page: 1, totalPages: 3 }, '年會').noindex).toBe(true);
    expect(listIndexing({ page: 4, totalPages: 3 }, undefined).noindex).toBe(true);
  });
});
