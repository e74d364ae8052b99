import { describe, expect, it } from 'vitest';
import { listHref, localePath, requiresLogin, safeRedirect, splitLocale } from './paths';

describe('splitLocale', () => {
  it('finds the locale prefix and the unprefixed path', () => {
    expect(splitLocale('/en-us/news/list')).toEqual({ prefix: 'en-us', path: '/news/list' });
    expect(splitLocale('/zh-tw')).toEqual({ prefix: 'zh-tw', path: '/' });
    expect(splitLocale('/EN-US/')).toEqual({ prefix: 'en-us', path: '/' });
    expect(splitLocale('/news/list')).toEqual({ prefix: null, path: '/news/list' });
    expect(splitLocale('/en-usa/x')).toEqual({ prefix: null, path: '/en-usa/x' });
  });
});

describe('localePath', () => {
  it('keeps zh-tw unprefixed and prefixes en-us', () => {
    expect(localePath('/news/list', 'zh-tw')).toBe('/news/list');
    expect(localePath('/news/list', 'en-us')).toBe('/en-us/news/list');
    expect(localePath('/', 'en-us')).toBe('/en-us/');
    expect(localePath('/en-us/login', 'zh-tw')).toBe('/login');
  });

  it('leaves outside links alone', () => {
    expect(localePath('https://example.org/a', 'en-us')).toBe('https://example.org/a');
    expect(localePath('mailto:a@b.tw', 'en-us')).toBe('mailto:a@b.tw');
    expect(localePath('#main', 'en-us')).toBe('#main');
  });
});

describe('requiresLogin', () => {
  it('guards the personal areas but not paper review links', () => {
    expect(requiresLogin('/member/center')).toBe(true);
    expect(requiresLogin('/signinResult')).toBe(true);
    expect(requiresLogin('/signinReturn')).toBe(true);
    expect(requiresLogin('/signinTerm')).toBe(false);
    expect(requiresLogin('/signinSearch')).toBe(false);
    expect(requiresLogin('/credit/detail/12')).toBe(true);
    expect(requiresLogin('/credit/claim')).toBe(true);
    expect(requiresLogin('/credit/overview')).toBe(false);
    expect(requiresLogin('/webUser/center/editAccount')).toBe(true);
    expect(requiresLogin('/webUser/post/entrance')).toBe(true);
    expect(requiresLogin('/organ/center')).toBe(true);
    expect(requiresLogin('/eventHorizon')).toBe(true);
    expect(requiresLogin('/member/paperReview/12')).toBe(false);
    expect(requiresLogin('/webUser/createAccount')).toBe(false);
    expect(requiresLogin('/news/list')).toBe(false);
  });
});

describe('safeRedirect', () => {
  it('follows paths of this site only', () => {
    expect(safeRedirect('/member/center?tab=1')).toBe('/member/center?tab=1');
    expect(safeRedirect('/en-us/member/edit')).toBe('/member/edit');
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil.example', 'member', '', null, '/ x']) {
      expect(safeRedirect(bad), String(bad)).toBeNull();
    }
  });

  it('judges the address after the locale prefix is rewritten, in every language', () => {
    for (const bad of [
      '/zh-tw//evil.example/phish',
      '/en-us//evil.example/phish',
      '/zh-tw/en-us//evil.example',
      '/EN-US/\\evil.example',
      '/zh-tw/\u0000/evil.example',
    ]) {
      expect(safeRedirect(bad), bad).toBeNull();
    }
    for (const locale of ['zh-tw', 'en-us'] as const) {
      const safe = safeRedirect('/zh-tw/member/center?x=1');
      expect(safe).toBe('/member/center?x=1');
      expect(localePath(safe!, locale).startsWith('//')).toBe(false);
    }
  });
});

describe('listHref', () => {
  it('keeps the language and drops empty values and the first page', () => {
    expect(listHref('/news/list', 'en-us', { page: 1, keyword: '' })).toBe('/en-us/news/list');
    expect(listHref('/news/list', 'zh-tw', { page: 3, keyword: '年會 2027' })).toBe(
      '/news/list?page=3&keyword=%E5%B9%B4%E6%9C%83+2027',
    );
  });
});
