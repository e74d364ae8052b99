import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { encryptTradeInfo, tradeSha } from '../../src/server/integrations/newebpay/crypto';
import { api, baseUrl, json, page, signIn, signUpIndividual, solvedCaptcha } from './helpers';
import { keys, MERCHANT } from './simulator-helpers';

// Findings of the outside review of the account path (issue 8) that concern requests and answers.
describe('the account path under attack', () => {
  it('never sends a signed-in reader to another site after sign-in, whatever the locale prefix hides', async () => {
    const { cookie } = await signIn('member@example.org', 'Member2026demo');
    for (const redirect of [
      '/zh-tw//evil.example/phish',
      '/en-us//evil.example/phish',
      '/zh-tw/en-us//evil.example',
      '//evil.example',
      '/zh-tw/\\evil.example',
      'https://evil.example/',
    ]) {
      for (const login of ['/login', '/en-us/login']) {
        const res = await page(`${login}?redirect=${encodeURIComponent(redirect)}`, { headers: { Cookie: cookie } });
        expect(res.status, `${login} ${redirect}`).toBe(302);
        const location = res.headers.get('location')!;
        expect(location, redirect).toMatch(/^\/(?!\/|\\)/);
        expect(new URL(location, baseUrl()).host).toBe(new URL(baseUrl()).host);
      }
    }
    // A path of this site is still followed, in the reader's language.
    const ok = await page(`/en-us/login?redirect=${encodeURIComponent('/zh-tw/member/edit')}`, {
      headers: { Cookie: cookie },
    });
    expect(ok.headers.get('location')).toBe('/en-us/member/edit');
  });

  it('gives the session token in the body only to API clients that ask; a browser gets the HttpOnly cookie alone', async () => {
    // A fresh account: the demo member may be under a raised captcha level from other tests.
    const { email, password } = await signUpIndividual();
    const browser = await api<{ token: string | null }>('/api/amsw0101/login', {
      method: 'POST',
      ...json({ account: email, password, ...(await solvedCaptcha()) }),
    });
    expect(browser.body.code).toBe(0);
    expect(browser.body.data.token).toBeNull();
    expect(browser.headers.get('set-cookie')).toMatch(/ams-session=[^;]+;.*HttpOnly/i);
    const client = await signIn('member@example.org', 'Member2026demo');
    expect(client.token).toMatch(/^[\w-]{40,}$/);
    expect((await api('/api/amsw0101', { headers: { Authorization: `Bearer ${client.token}` } })).body.code).toBe(0);
  });

  it('refuses a sign-out or LINE unlink started from another site, told by Referer or Origin alone', async () => {
    const { cookie } = await signIn('member@example.org', 'Member2026demo');
    const attempts: Record<string, string>[] = [
      { Referer: 'https://evil.example/page' },
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
    ];
    for (const headers of attempts) {
      for (const path of ['/api/amsw0101/logout', '/api/amsw0101/unlinkLine']) {
        const res = await api(path, { headers: { Cookie: cookie, ...headers } });
        expect(res.body.code, `${path} ${JSON.stringify(headers)}`).toBe(-11);
      }
    }
    // The session survived every attempt.
    expect((await api('/api/amsw0101', { headers: { Cookie: cookie } })).body.code).toBe(0);
    const own = await api('/api/amsw0101/logout', {
      headers: { Cookie: cookie, Referer: `${baseUrl()}/member/center` },
    });
    expect(own.body.code).toBe(0);
  });

  it('refuses a form posted to a page from another site, as it refuses API writes', async () => {
    // A payment form of the demo's shop, as the payments page posts it to the gateway simulator.
    const merchantOrderNo = `X${Date.now().toString(36)}`;
    const tradeInfo = encryptTradeInfo(
      {
        MerchantID: MERCHANT,
        RespondType: 'JSON',
        TimeStamp: Math.floor(Date.now() / 1000),
        Version: '2.3',
        MerchantOrderNo: merchantOrderNo,
        Amt: 300,
        ItemDesc: 'Test',
        NotifyURL: `${baseUrl()}/api/amsw0501/newebpay/notify`,
        ReturnURL: `${baseUrl()}/api/amsw0501/newebpay/return`,
      },
      keys(),
    );
    const form = new URLSearchParams({
      MerchantID: MERCHANT,
      TradeInfo: tradeInfo,
      TradeSha: tradeSha(tradeInfo, keys()),
      Version: '2.3',
    });
    const { cookie } = await signIn('member@example.org', 'Member2026demo');
    const post = (path: string, headers: Record<string, string>, body: URLSearchParams = form) =>
      fetch(`${baseUrl()}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body,
        redirect: 'manual',
      });
    for (const [path, headers] of [
      ['/payment/simulator', { Origin: 'https://evil.example' }],
      ['/en-us/payment/simulator', { Origin: 'null' }],
      ['/payment/simulator', { Cookie: cookie }], // a session, and nothing to say where from
      ['/payment/simulator', { Cookie: cookie, Referer: 'https://evil.example/pay' }],
      ['/en-us/login', { Origin: 'https://evil.example' }],
      ['/member/center', { Cookie: cookie, Origin: 'https://evil.example' }],
    ] as const) {
      const res = await post(path, headers);
      expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
      const text = await res.text();
      expect(text).not.toContain(merchantOrderNo);
      expect(text).toBe(path.startsWith('/en-us') ? 'You do not have permission to do this' : '權限不足');
    }
    // Other methods are writes too.
    const options = await fetch(`${baseUrl()}/payment/simulator`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example' },
    });
    expect(options.status).toBe(403);
    // From the site itself the simulator takes the form; the gateway's own return still comes cross-site.
    const own = await post('/en-us/payment/simulator', { Origin: baseUrl(), Cookie: cookie });
    expect(own.status).toBe(200);
    expect(await own.text()).toContain(merchantOrderNo);
    const back = await post('/api/amsw0501/newebpay/return', { Origin: 'https://ccore.newebpay.com' }, form);
    expect(back.status).toBe(303);
  });

  it('takes a JSON body only as application/json, which a browser never sends cross-site unasked', async () => {
    const person = await signUpIndividual();
    const { cookie } = await signIn(person.email, person.password);
    const edit = (type: string, nameEn: string) =>
      api('/api/amsw0101/edit', {
        method: 'PUT',
        headers: { Cookie: cookie, Origin: baseUrl(), 'Content-Type': type },
        body: JSON.stringify({ nameEn, mobile: '0912345678' }),
      });
    // What a form or a cross-site fetch may send without a preflight, however it names JSON.
    for (const type of [
      'text/plain; x=application/json',
      'text/plain;charset=UTF-8;application/json',
      'application/x-www-form-urlencoded; application/json',
      'application/json; boundary=x',
    ]) {
      const refused = await edit(type, 'Mallory');
      expect(refused.status, type).toBe(200);
      expect(refused.body, type).toMatchObject({ code: -1, data: null });
    }
    const me = async () => (await api<{ nameEn: string }>('/api/amsw0101', { headers: { Cookie: cookie } })).body.data;
    expect((await me()).nameEn).not.toBe('Mallory');
    // JSON sent as JSON (with its charset) is taken.
    expect((await edit('application/json; charset=utf-8', 'Lin Mei-Ling Amy')).body.code).toBe(0);
    expect((await me()).nameEn).toBe('Lin Mei-Ling Amy');
  });

  it('answers an oversized body from its Content-Length at once, without reading 60 MB', async () => {
    const url = new URL('/api/amsw0101/login', baseUrl());
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        url,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': String(60 * 1024 * 1024),
            Origin: baseUrl(),
          },
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      // Only a few bytes are ever sent: a server that waited for all 60 MB would never answer.
      req.write('{"account":"');
    });
    expect(JSON.parse(answer.body).code).toBe(-1);
  });

  it('never caches or serves a page rendered for a signed-in reader, however the cookie is spelled', async () => {
    const { cookie } = await signIn('member@example.org', 'Member2026demo');
    const token = cookie.slice('ams-session='.length);
    const address = `/news/list?poison=${Date.now()}`;
    for (const spelled of [`ams-session =${token}`, ` ams-session=${token}`, `ams-session= ${token}`]) {
      const mine = await page(address, { headers: { Cookie: spelled } });
      expect(mine.html, spelled).toContain('href="/member/center"');
      expect(mine.headers.get('cache-control'), spelled).not.toMatch(/public/);
      expect(mine.headers.get('x-cache'), spelled).toBe('bypass');
    }
    const anonymous = await page(address);
    expect(anonymous.html).not.toContain('href="/member/center"');
    expect(anonymous.html).toContain('href="/login"');
  });
});
