import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/lib/locales';
import { formatMoney, getT, loadMessages } from './client';
import * as server from './index';

/** Every text's key of a namespace, a plural's by its base key. */
function keys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix.replace(/_(one|other)$/, '')];
  return [...new Set(Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)))];
}

describe('translations in the browser', () => {
  it('are there only for the language and namespaces loaded', async () => {
    await loadMessages(['account', 'common'], 'en-us');
    expect(getT('en-us')('account:login.submit')).toBe(server.getT('en-us')('account:login.submit'));
    // Not loaded: the other language, and another namespace of this one.
    expect(getT('zh-tw')('account:login.submit')).not.toBe(server.getT('zh-tw')('account:login.submit'));
    expect(getT('en-us')('staff:title')).not.toBe(server.getT('en-us')('staff:title'));
  });

  it("say every text as the server's do, values and counts included, in both languages", async () => {
    for (const locale of LOCALES) {
      await loadMessages(server.NAMESPACES, locale);
      const browser = getT(locale);
      const page = server.getT(locale);
      for (const ns of server.NAMESPACES) {
        for (const key of keys(server.resources[locale][ns])) {
          const id = `${ns}:${key}`;
          const values = { count: 2, field: 'F', name: 'N', amount: '1,200', date: '2026-12-02', code: 'C' };
          expect(browser(id, values), `${locale} ${id}`).toBe(page(id, values));
          expect(browser(id, { ...values, count: 1 }), `${locale} ${id}`).toBe(page(id, { ...values, count: 1 }));
        }
      }
      expect(formatMoney(1200, locale)).toBe(server.formatMoney(1200, locale));
    }
  });

  it('refuse a namespace there is not', async () => {
    await expect(loadMessages(['nothing'], 'en-us')).rejects.toThrow(/no translations en-us\/nothing/);
  });
});
