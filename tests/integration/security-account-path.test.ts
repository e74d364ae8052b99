import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { api, baseUrl, json, page, signIn, signUpIndividual, solvedCaptcha } from './helpers';

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
