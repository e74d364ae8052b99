import { describe, expect, it } from 'vitest';
import { SECOND_FACTOR_PAGE, staffPages } from '../../tests/setup/staff-pages';
import { BENCH_TARGETS } from './targets.mjs';

describe('the bench', () => {
  it('measures every page of the staff console signed in (but the second-factor page, its way in)', () => {
    const measured = BENCH_TARGETS.filter((t) => t.session && typeof t.path === 'string').map(
      (t) => (t.path as string).split('?')[0]!,
    );
    const missing = staffPages().filter((page) => {
      if (page === SECOND_FACTOR_PAGE) return false;
      const pattern = new RegExp(`^${page.replace(/\[[^\]]+\]/g, '[^/]+')}$`);
      return !measured.some((p) => pattern.test(p));
    });
    expect(missing).toEqual([]);
  });
});
