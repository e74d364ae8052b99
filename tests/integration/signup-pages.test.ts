import { describe, expect, it } from 'vitest';
import { page, signIn } from './helpers';

describe('the sign-up pages', () => {
  it.each([
    ['/webUser/createAccount', '註冊帳號', 'zh-Hant-TW'],
    ['/en-us/webUser/createAccount', 'Create an account', 'en-US'],
    ['/organ/createAccount', '機構註冊', 'zh-Hant-TW'],
    ['/en-us/organ/createAccount', 'Register an organisation', 'en-US'],
  ])('%s renders in its language with its island, never cached', async (path, title, lang) => {
    const res = await page(path);
    expect(res.status).toBe(200);
    expect(res.html).toContain(`<html lang="${lang}"`);
    expect(res.html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    expect(res.html).toContain('<astro-island');
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
  });

  it('gives the organisation form the active topics, read on the server in the reader language', async () => {
    const zh = await page('/organ/createAccount');
    expect(zh.html).toContain('實證醫學');
    const en = await page('/en-us/organ/createAccount');
    expect(en.html).toContain('Evidence-based medicine');
    expect(en.html).not.toContain('實證醫學');
  });

  it('sends someone already signed in to their own area', async () => {
    const { cookie } = await signIn('member@example.org', 'Member2026demo');
    const res = await page('/en-us/webUser/createAccount', { headers: { Cookie: cookie } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/en-us/member/center');
    const organ = await page('/organ/createAccount', { headers: { Cookie: cookie } });
    expect(organ.headers.get('location')).toBe('/member/center');
  });
});
