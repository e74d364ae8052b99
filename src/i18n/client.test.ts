import { describe, expect, it, vi } from 'vitest';
import { LOCALES } from '@/lib/locales';
import { addMessages, formatMoney, getT, loadIslandMessages } from './client';
import * as server from './index';

/** Every text's key of a namespace, a plural's by its base key. */
function keys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix.replace(/_(one|other)$/, '')];
  return [...new Set(Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)))];
}

const login = { account: { login: server.resources['en-us'].account.login } };

describe('translations in the browser', () => {
  it("are an island's texts in the page's language, each language loaded once", async () => {
    const island = {
      'zh-tw': vi.fn(async () => ({ default: {} })),
      'en-us': vi.fn(async () => ({ default: login })),
    };
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    await loadIslandMessages(island, 'en-us');
    await loadIslandMessages(island, 'en-us');
    expect(island['en-us']).toHaveBeenCalledTimes(1);
    expect(island['zh-tw']).not.toHaveBeenCalled();
    expect(getT('en-us')('account:login.submit')).toBe(server.getT('en-us')('account:login.submit'));
    // Not loaded: the other language, and the other texts of the namespace.
    expect(getT('zh-tw')('account:login.submit')).not.toBe(server.getT('zh-tw')('account:login.submit'));
    expect(getT('en-us')('account:fields.password')).not.toBe(server.getT('en-us')('account:fields.password'));
    // A text asked for and not loaded is reported (a test's browser fails on it), unless it has a default.
    expect(report).toHaveBeenCalledWith('No en-us text loaded for account:fields.password');
    report.mockClear();
    expect(getT('en-us')('account:fields.password', { defaultValue: '' })).toBe('');
    expect(report).not.toHaveBeenCalled();
    report.mockRestore();
  });

  it('try a load that failed again', async () => {
    const island = {
      'zh-tw': vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: {} }),
      'en-us': vi.fn(),
    };
    await expect(loadIslandMessages(island, 'zh-tw')).rejects.toThrow('offline');
    await expect(loadIslandMessages(island, 'zh-tw')).resolves.toBeUndefined();
  });

  it("say every text as the server's do, values and counts included, in both languages", () => {
    for (const locale of LOCALES) {
      addMessages(locale, server.resources[locale]);
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
});
