import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/lib/locales';
import { getT, i18nextT, NAMESPACES, resources } from './index';

/** Every key of a namespace with its text. */
function entries(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => entries(v, prefix ? `${prefix}.${k}` : k));
}

const awkward = ['{{name}}', '$& $1 $$', '<b>台灣</b>', '', 'a\u0000b\uE000c', 'Ünïcödé – 醫學會'];

describe('getT', () => {
  it('fills in values exactly as i18next does, for every text with values, in both languages', () => {
    let checked = 0;
    for (const locale of LOCALES) {
      const t = getT(locale) as unknown as (key: string, options?: object) => string;
      const reference = i18nextT(locale) as unknown as (key: string, options?: object) => string;
      for (const ns of NAMESPACES) {
        for (const [path, text] of entries(resources[locale][ns])) {
          const names = [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);
          if (names.length === 0 || /_(one|other)$/.test(path)) continue;
          const key = `${ns}:${path}`;
          for (let round = 0; round < 3; round++) {
            const values = Object.fromEntries(
              names.map((name, i) => [name, round === 2 ? i * 7 + 0.5 : awkward[(round * 3 + i) % awkward.length]!]),
            );
            expect(t(key, values), `${locale} ${key}`).toBe(reference(key, values));
          }
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('gives a key with only a default its text, or the default when it has none, call after call', () => {
    for (const locale of LOCALES) {
      const t = getT(locale) as unknown as (key: string, options?: object) => string;
      const reference = i18nextT(locale) as unknown as (key: string, options?: object) => string;
      for (let round = 0; round < 2; round++) {
        expect(t('membership:application.events.submit', { defaultValue: 'submit' })).toBe(
          reference('membership:application.events.submit'),
        );
        expect(t('membership:application.events.noSuchEvent', { defaultValue: 'noSuchEvent' })).toBe('noSuchEvent');
        expect(t('membership:application.events.noSuchEvent', { defaultValue: 'other' })).toBe('other');
      }
      expect(reference('membership:application.events.submit')).not.toBe('membership:application.events.submit');
    }
  });

  it('leaves counts, defaults, missing keys and unused values to i18next', () => {
    for (const locale of LOCALES) {
      const t = getT(locale) as unknown as (key: string, options?: object) => string;
      const reference = i18nextT(locale) as unknown as (key: string, options?: object) => string;
      const plural = NAMESPACES.flatMap((ns) =>
        entries(resources[locale][ns])
          .filter(([path]) => path.endsWith('_one'))
          .map(([path]) => `${ns}:${path.slice(0, -4)}`),
      );
      expect(plural.length).toBeGreaterThan(0);
      for (const key of plural) {
        for (const count of [0, 1, 2, 5]) expect(t(key, { count }), key).toBe(reference(key, { count }));
      }
      expect(t('no.such.key', { name: 'x' })).toBe(reference('no.such.key', { name: 'x' }));
      expect(t('no.such.key', { defaultValue: 'fallback' })).toBe('fallback');
      expect(t('titles.news', { unused: 'x' })).toBe(reference('titles.news'));
    }
  });
});
