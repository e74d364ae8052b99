import { describe, expect, it } from 'vitest';
import { ALL_ERROR_CODES } from '@/lib/error-codes';
import { errorMessage, getT, NAMESPACES, resources } from './index';

function keys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('translations', () => {
  it('have the same keys in zh-tw and en-us in every namespace', () => {
    expect(NAMESPACES).toContain('content');
    for (const ns of NAMESPACES) {
      expect(keys(resources['en-us'][ns]).sort(), ns).toEqual(keys(resources['zh-tw'][ns]).sort());
    }
  });

  it('give every error code of the catalogue a message in both languages', () => {
    for (const code of ALL_ERROR_CODES) {
      for (const locale of ['zh-tw', 'en-us'] as const) {
        expect(
          resources[locale].errors[String(code) as keyof (typeof resources)['zh-tw']['errors']],
          `${code} ${locale}`,
        ).toBeTruthy();
      }
    }
    expect(errorMessage(-8, 'zh-tw')).toBe('登入身份已失效，請重新登入');
    expect(errorMessage(-8, 'en-us')).toBe('Your sign-in has expired, please sign in again');
  });

  it('interpolate values in page texts', () => {
    expect(getT('en-us')('errors.pageNotFound', { path: '/x' })).toBe('Page not found: /x');
    expect(getT('zh-tw')('carousel.slide', { index: 2, total: 3 })).toBe('第 2 張，共 3 張');
  });
});

describe('counted texts', () => {
  it('say one credit and two credits in English, and the same word in Chinese', () => {
    expect(getT('en-us')('events:list.credits', { count: 1 })).toBe('1 credit');
    expect(getT('en-us')('events:list.credits', { count: 6 })).toBe('6 credits');
    expect(getT('en-us')('events:detail.pointsValue', { count: 1 })).toBe('1 point');
    expect(getT('zh-tw')('events:list.credits', { count: 1 })).toBe('1 學分');
  });
});

describe('password strength feedback', () => {
  it('translates every warning and suggestion zxcvbn can give, in both languages', async () => {
    const { translations } = await import('@zxcvbn-ts/language-en');
    for (const locale of ['zh-tw', 'en-us'] as const) {
      const { warnings, suggestions } = resources[locale].account.passwordStrength;
      expect(Object.keys(warnings).sort(), locale).toEqual(Object.keys(translations.warnings).sort());
      expect(Object.keys(suggestions).sort(), locale).toEqual(Object.keys(translations.suggestions).sort());
    }
  });
});
