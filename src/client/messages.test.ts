import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALES } from '@/lib/locales';
import { currentLocale } from './locale';
import { MESSAGES, message } from './messages';
import { stubPageLocale } from './test-support';

afterEach(() => vi.unstubAllGlobals());

describe('currentLocale', () => {
  it('is zh-tw without a document (server, tests)', () => {
    expect(currentLocale()).toBe('zh-tw');
  });

  it('reads <html data-locale>', () => {
    stubPageLocale('en-us');
    expect(currentLocale()).toBe('en-us');
  });

  it('falls back to zh-tw when the attribute is missing or unknown', () => {
    stubPageLocale(undefined);
    expect(currentLocale()).toBe('zh-tw');
    stubPageLocale('fr-fr');
    expect(currentLocale()).toBe('zh-tw');
  });
});

describe('message', () => {
  it('has a non-empty text for every key in both languages', () => {
    for (const locale of LOCALES) {
      for (const text of Object.values(MESSAGES[locale])) expect(text.trim()).not.toBe('');
    }
  });

  it('uses the page language unless one is given', () => {
    expect(message('signedOut')).toBe('登出成功');
    stubPageLocale('en-us');
    expect(message('signedOut')).toBe('Signed out');
    expect(message('signedOut', 'zh-tw')).toBe('登出成功');
  });
});
