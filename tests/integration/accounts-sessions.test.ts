import { describe, expect, it } from 'vitest';
import { api, json, mailsTo, signIn, signUpIndividual, solvedCaptcha, visitor } from './helpers';

describe('sign-in', () => {
  it('signs the demo member in with e-mail or national ID, and remember me gives a 30-day cookie', async () => {
    const remembered = await signIn('member@example.org', 'Member2026demo', 'individual', true);
    expect(remembered.body).toMatchObject({ code: 0, data: { userType: 'individual', mustChangePassword: false } });
    const expires = /Expires=([^;]+)/i.exec(remembered.setCookie)?.[1];
    const days = (Date.parse(expires!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
    const me = await api<{ isMember: boolean; memberNo: string }>('/api/amsw0101', {
      headers: { Cookie: remembered.cookie },
    });
    expect(me.body.data).toMatchObject({ isMember: true, memberNo: 'M2015-0042' });
  });

  it('answers the token for API clients, usable as a bearer token without a cookie', async () => {
    const { token } = await signIn('member@example.org', 'Member2026demo');
    const me = await api('/api/amsw0101', { headers: { Authorization: `Bearer ${token}` } });
    expect(me.body.code).toBe(0);
  });

  it('answers the same -10 for an unknown account and a wrong password', async () => {
    const unknown = await signIn('nobody@example.org', 'Whatever2026pass');
    const wrong = await signIn('member@example.org', 'Wrong2026pass');
    expect(unknown.body).toMatchObject({ code: -10, message: '帳號或密碼錯誤' });
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.setCookie).toBe('');
  });

  it('refuses an account at an address after five failures there for loginBlockMinute, even with the right password', async () => {
    const { email, password } = await signUpIndividual();
    const at = { from: '198.18.7.1' };
    for (let i = 0; i < 5; i++)
      expect((await signIn(email, `Wrong${i}pass2026`, 'individual', false, at)).body.code).toBe(-10);
    const blocked = await signIn(email, password, 'individual', false, at);
    expect(blocked.body).toMatchObject({ code: -11, data: { reason: 'loginBlocked', blockMinutes: 15 } });
    expect(blocked.body.message).toBe('登入失敗次數過多，請於 15 分鐘後再試');
    // Another account from the same address is not refused for this one's failures.
    expect((await signIn('member@example.org', 'Member2026demo', 'individual', false, at)).body.code).toBe(0);
  });

  it('answers -10 for an answer that is no solved challenge, and -12 for a wrong one', async () => {
    const send = (captchaAnswer: string) =>
      api('/api/amsw0101/login', {
        method: 'POST',
        ...json({
          account: 'member@example.org',
          password: 'Member2026demo',
          captchaId: crypto.randomUUID(),
          captchaAnswer,
        }),
      });
    expect((await send('nope')).body).toMatchObject({ code: -10, data: { fields: ['captchaAnswer'] } });
    const { captchaAnswer } = await solvedCaptcha();
    expect((await send(captchaAnswer)).body.code).toBe(-12);
  });
});

describe('sessions', () => {
  it('end at logout: the cookie is cleared and the token no longer works (-8)', async () => {
    const { cookie } = await signIn('member@example.org', 'Member2026demo');
    const out = await fetch(`${(await import('./helpers')).baseUrl()}/api/amsw0101/logout`, {
      headers: { Cookie: cookie },
    });
    expect((await out.json()).code).toBe(0);
    expect(out.headers.get('set-cookie')).toMatch(
      /ams-session=;|ams-session=deleted|Max-Age=0|Expires=Thu, 01 Jan 1970/i,
    );
    expect((await api('/api/amsw0101', { headers: { Cookie: cookie } })).body.code).toBe(-8);
    // Logging out again is harmless.
    expect((await api('/api/amsw0101/logout', { headers: { Cookie: cookie } })).body.code).toBe(0);
  });

  it('answer -9 without a session and -8 with an unknown one', async () => {
    expect((await api('/api/amsw0101')).body.code).toBe(-9);
    expect(
      (await api('/api/amsw0101', { headers: { Cookie: 'ams-session=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG' } }))
        .body.code,
    ).toBe(-8);
  });
});

describe('changing the password (editCid)', () => {
  it('needs the current password, ends the other sessions, keeps this one and mails a notice', async () => {
    const { email, password } = await signUpIndividual();
    const here = await signIn(email, password);
    const elsewhere = await signIn(email, password);
    const headers = { Cookie: here.cookie };
    const wrong = await api('/api/amsw0101/editCid', {
      method: 'PUT',
      ...json({ currentPassword: 'Nope2026nope', newPassword: 'Brand2026new' }, headers),
    });
    expect(wrong.body).toMatchObject({ code: -10, data: { fields: ['currentPassword'] } });
    const weak = await api<{ rules: string[] }>('/api/amsw0101/editCid', {
      method: 'PUT',
      ...json({ currentPassword: password, newPassword: 'abc' }, headers),
    });
    expect(weak.body.code).toBe(-10);
    expect(weak.body.data.rules).toContain('length');
    const ok = await api('/api/amsw0101/editCid', {
      method: 'PUT',
      ...json({ currentPassword: password, newPassword: 'Brand2026new' }, headers),
    });
    expect(ok.body.code).toBe(0);
    expect((await api('/api/amsw0101', { headers })).body.code).toBe(0);
    expect((await api('/api/amsw0101', { headers: { Cookie: elsewhere.cookie } })).body.code).toBe(-8);
    expect((await signIn(email, password)).body.code).toBe(-10);
    expect((await signIn(email, 'Brand2026new')).body.code).toBe(0);
    const mails = await mailsTo(email, 2);
    expect(mails.at(-1)!.subject).toMatch(/密碼變更通知/);
  });
});

describe('forgotten password', () => {
  it('mails a single-use link whose token resets the password and ends every session', async () => {
    const { email, password } = await signUpIndividual();
    const before = await signIn(email, password);
    const sent = await api('/api/amsw0102/email', {
      method: 'POST',
      lang: 'en-us',
      ...json({ email, purpose: 'reset', ...(await solvedCaptcha()) }, visitor()),
    });
    expect(sent.body.code).toBe(0);
    const mails = await mailsTo(email, 2);
    const link = /(https?:\/\/\S+\/en-us\/password\/reset\?\S+)/.exec(mails.at(-1)!.text)![1]!;
    const token = new URL(link).searchParams.get('token')!;
    expect(new URL(link).searchParams.get('email')).toBe(email);

    const reset = await api('/api/amsw0101/resetCid', {
      method: 'PUT',
      ...json({ newPassword: 'Reset2026done' }, { EmailAuthorization: token }),
    });
    expect(reset.body.code).toBe(0);
    expect((await api('/api/amsw0101', { headers: { Cookie: before.cookie } })).body.code).toBe(-8);
    expect((await signIn(email, 'Reset2026done')).body.code).toBe(0);
    const again = await api('/api/amsw0101/resetCid', {
      method: 'PUT',
      ...json({ newPassword: 'Another2026try' }, { EmailAuthorization: token }),
    });
    expect(again.body.code).toBe(-8);
  });

  it('answers the same for an address without an account, and mails nothing', async () => {
    const email = 'no-account-here@example.org';
    const sent = await api('/api/amsw0102/email', {
      method: 'POST',
      ...json({ email, purpose: 'reset', ...(await solvedCaptcha()) }, visitor()),
    });
    expect(sent.body.code).toBe(0);
    // Give a mail that should not exist a moment to arrive.
    expect(await mailsTo(email, 1, 1000)).toHaveLength(0);
  });

  it('does not accept a sign-up token for a reset, or an organisation token for an individual', async () => {
    const email = 'member@example.org';
    const sent = await api('/api/amsw0102/email', {
      method: 'POST',
      ...json({ email, purpose: 'reset', userType: 'organ', ...(await solvedCaptcha()) }, visitor()),
    });
    expect(sent.body.code).toBe(0);
    const reset = await api('/api/amsw0101/resetCid', {
      method: 'PUT',
      ...json({ newPassword: 'Reset2026done' }, { EmailAuthorization: 'y'.repeat(43) }),
    });
    expect(reset.body.code).toBe(-8);
  });
});

describe('emailTimeReset', () => {
  it('gives a valid e-mail token a new validity period and refuses an unknown one', async () => {
    expect(
      (await api('/api/amsw0102/emailTimeReset', { headers: { EmailAuthorization: 'z'.repeat(43) } })).body.code,
    ).toBe(-8);
    expect((await api('/api/amsw0102/emailTimeReset')).body.code).toBe(-8);
  });
});

describe('state-changing GETs from another site', () => {
  it('cannot sign a reader out through a link on another site', async () => {
    const { cookie } = await signIn('member@example.org', 'Member2026demo');
    const crossSite = await api('/api/amsw0101/logout', {
      headers: { Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(crossSite.body.code).toBe(-11);
    expect((await api('/api/amsw0101', { headers: { Cookie: cookie } })).body.code).toBe(0);
  });
});
