import { describe, expect, it } from 'vitest';
import {
  api,
  baseUrl,
  json,
  mailsTo,
  nationalId,
  signIn,
  signUpIndividual,
  signUpToken,
  solvedCaptcha,
  uniqueEmail,
  visitor,
} from './helpers';

/** A new individual with these details, signed in: its address and session cookie. */
async function signUpAndSignIn(overrides: Record<string, unknown>) {
  const { email, password, accountId } = await signUpIndividual(overrides);
  return { email, accountId, cookie: (await signIn(email, password)).cookie };
}

describe('individual sign-up with a mailed code', () => {
  it('mails a code in the reader language, turns it into a token, and creates an account that can sign in', async () => {
    const email = uniqueEmail();
    const sent = await api<{ validMinutes: number }>('/api/amsw0102/email', {
      method: 'POST',
      lang: 'en-us',
      ...json({ email, purpose: 'signup', ...(await solvedCaptcha()) }, visitor()),
    });
    expect(sent.body).toMatchObject({ code: 0, data: { validMinutes: 10 } });
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toMatch(/verification code/i);
    expect(mail!.language).toBe('en-US');
    const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
    expect(mail!.html).toContain(code);

    const verified = await api<{ emailToken: string; expiresAt: string }>('/api/amsw0102/emailVerify', {
      method: 'POST',
      ...json({ email, code }),
    });
    expect(verified.body.code).toBe(0);
    const minutes = (Date.parse(verified.body.data.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);

    const personId = nationalId(2_345_679);
    const created = await api<{ accountId: number; email: string }>('/api/amsw0101/create', {
      method: 'POST',
      ...json(
        {
          nameZh: '王小明',
          nameEn: 'Wang Xiao-Ming',
          personId,
          birthDate: '1990-01-31',
          mobile: '+886 912-345-678',
          password: 'Stetho2026x',
        },
        { EmailAuthorization: verified.body.data.emailToken },
      ),
    });
    expect(created.body).toMatchObject({ code: 0, data: { email } });
    // The new account is signed in by its sign-up: a browser-session cookie comes with the answer.
    const firstCookie = created.headers.get('set-cookie') ?? '';
    expect(firstCookie).toMatch(/HttpOnly/i);
    expect(firstCookie).not.toMatch(/Expires=/i);
    const signedUp = await api<{ email: string }>('/api/amsw0101', {
      headers: { Cookie: /ams-session=[^;]+/.exec(firstCookie)![0] },
    });
    expect(signedUp.body).toMatchObject({ code: 0, data: { email } });

    const session = await signIn(email, 'Stetho2026x');
    expect(session.body.code).toBe(0);
    expect(session.setCookie).toMatch(/ams-session=[\w-]+/);
    expect(session.setCookie).toMatch(/HttpOnly/i);
    expect(session.setCookie).toMatch(/SameSite=Lax/i);
    expect(session.setCookie).not.toMatch(/Expires=/i);
    const me = await api<Record<string, unknown>>('/api/amsw0101', { headers: { Cookie: session.cookie } });
    expect(me.body.data).toMatchObject({
      userType: 'individual',
      email,
      nameZh: '王小明',
      maskedName: '王*明',
      personIdMasked: `${personId.slice(0, 3)}*****${personId.slice(-2)}`,
      isMember: false,
    });
    expect(me.body.data).not.toHaveProperty('personId');
    // The national ID can be typed to sign in, too.
    expect((await signIn(personId.toLowerCase(), 'Stetho2026x')).body.code).toBe(0);
  });

  it('refuses a second code within a minute', async () => {
    const email = uniqueEmail();
    const first = await api('/api/amsw0102/email', {
      method: 'POST',
      ...json({ email, purpose: 'signup', ...(await solvedCaptcha()) }, visitor()),
    });
    expect(first.body.code).toBe(0);
    const second = await api<{ retryAfterSeconds: number }>('/api/amsw0102/email', {
      method: 'POST',
      ...json({ email, purpose: 'signup', ...(await solvedCaptcha()) }, visitor()),
    });
    expect(second.body.code).toBe(-10);
    expect(second.body.data.retryAfterSeconds).toBeGreaterThan(50);
  });

  it('answers -10 for a typed answer, -12 for a solution of another captcha, and a captcha works once', async () => {
    const captcha = await solvedCaptcha();
    const other = await solvedCaptcha();
    const send = (body: Record<string, string>) =>
      api('/api/amsw0102/email', {
        method: 'POST',
        ...json({ email: uniqueEmail(), purpose: 'signup', ...body }, visitor()),
      });
    expect((await send({ captchaId: captcha.captchaId, captchaAnswer: '999' })).body.code).toBe(-10);
    expect((await send({ captchaId: captcha.captchaId, captchaAnswer: other.captchaAnswer })).body.code).toBe(-12);
    expect((await send(captcha)).body.code).toBe(0);
    expect((await send(captcha)).body.code).toBe(-12);
  });

  it('counts wrong codes and uses the code up after five', async () => {
    const email = uniqueEmail();
    await api('/api/amsw0102/email', {
      method: 'POST',
      ...json({ email, purpose: 'signup', ...(await solvedCaptcha()) }, visitor()),
    });
    const [mail] = await mailsTo(email);
    const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await api('/api/amsw0102/emailVerify', {
        method: 'POST',
        lang: 'en-us',
        ...json({ email, code: wrongCode }),
      });
      expect(res.body).toMatchObject({ code: -12, message: 'The verification code is incorrect' });
    }
    const right = await api('/api/amsw0102/emailVerify', { method: 'POST', ...json({ email, code }) });
    expect(right.body).toMatchObject({ code: -12, message: '驗證碼輸入錯誤次數過多，請重新取得' });
  });

  it('needs a valid, unused EmailAuthorization token to create an account', async () => {
    const profile = {
      nameZh: '陳大文',
      personId: nationalId(3_456_789),
      birthDate: '1980-02-02',
      mobile: '0922333444',
      password: 'Clinic2026pass',
    };
    expect((await api('/api/amsw0101/create', { method: 'POST', ...json(profile) })).body.code).toBe(-8);
    expect(
      (await api('/api/amsw0101/create', { method: 'POST', ...json(profile, { EmailAuthorization: 'x'.repeat(43) }) }))
        .body.code,
    ).toBe(-8);
  });

  it('validates every field of the sign-up form', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ personId: 'A123456788' }, -10, 'personId'],
      [{ birthDate: '1990-02-30' }, -5, 'birthDate'],
      [{ birthDate: '2999-01-01' }, -10, 'birthDate'],
      [{ mobile: '12345' }, -10, 'mobile'],
      // One name is needed, in either script.
      [{ nameZh: '' }, -10, 'nameZh'],
      [{ nameZh: ' ', nameEn: '' }, -10, 'nameZh'],
      [{ mobile: '+886 2 2345 6789' }, -10, 'mobile'],
      [{ postalCode: 'abc' }, -10, 'postalCode'],
      [{ gender: 'robot' }, -10, 'gender'],
    ];
    const base = {
      nameZh: '陳大文',
      personId: nationalId(4_567_890),
      birthDate: '1980-02-02',
      mobile: '0922333444',
      password: 'Clinic2026pass',
    };
    for (const [change, code, field] of cases) {
      const res = await api<{ fields: string[] }>('/api/amsw0101/create', {
        method: 'POST',
        ...json({ ...base, ...change }),
      });
      expect(res.body.code, field).toBe(code);
      expect(res.body.data.fields, field).toContain(field);
    }
    const { personId: _omit, ...missing } = base;
    const res = await api<{ fields: string[] }>('/api/amsw0101/create', { method: 'POST', ...json(missing) });
    expect(res.body).toMatchObject({ code: -2, data: { fields: ['personId'] } });
  });

  it('takes people from abroad: a name in Latin letters only and an international mobile number', async () => {
    const { email, cookie, accountId } = await signUpAndSignIn({
      nameZh: '',
      nameEn: 'Olivia Hart',
      mobile: '+44 20 7946 0958',
    });
    const me = await api<Record<string, unknown>>('/api/amsw0101', { headers: { Cookie: cookie } });
    expect(me.body.data).toMatchObject({
      email,
      nameZh: '',
      nameEn: 'Olivia Hart',
      maskedName: 'O*********t',
    });
    const detail = await api<Record<string, unknown>>(`/api/amsw0101/detail?accountId=${accountId}`, {
      headers: { Cookie: cookie },
    });
    expect(detail.body.data).toMatchObject({ mobile: '+442079460958' });
    // Taiwanese mobiles are kept in their national form, as before.
    const local = await signUpAndSignIn({ mobile: '+886 912-345-678' });
    const them = await api<Record<string, unknown>>(`/api/amsw0101/detail?accountId=${local.accountId}`, {
      headers: { Cookie: local.cookie },
    });
    expect(them.body.data).toMatchObject({ mobile: '0912345678' });

    // The name in Latin letters is then the only one: it cannot be emptied.
    const cleared = await api<{ fields: string[] }>('/api/amsw0101/edit', {
      method: 'PUT',
      ...json({ nameEn: '', mobile: '+44 20 7946 0958' }, { Cookie: cookie, Origin: baseUrl() }),
    });
    expect(cleared.body).toMatchObject({
      code: -10,
      data: { fields: ['nameEn'] },
      message: '請填寫中文姓名或英文姓名（至少一項）',
    });
  });

  it('refuses a weak password, naming the rules it breaks', async () => {
    const email = uniqueEmail();
    await api('/api/amsw0102/email', {
      method: 'POST',
      ...json({ email, purpose: 'signup', ...(await solvedCaptcha()) }, visitor()),
    });
    const code = /\b(\d{6})\b/.exec((await mailsTo(email))[0]!.text)![1]!;
    const token = (
      await api<{ emailToken: string }>('/api/amsw0102/emailVerify', { method: 'POST', ...json({ email, code }) })
    ).body.data.emailToken;
    const res = await api<{ fields: string[]; rules: string[] }>('/api/amsw0101/create', {
      method: 'POST',
      ...json(
        {
          nameZh: '陳大文',
          personId: nationalId(5_678_901),
          birthDate: '1980-02-02',
          mobile: '0922333444',
          password: 'short',
        },
        { EmailAuthorization: token },
      ),
    });
    expect(res.body.code).toBe(-10);
    expect(res.body.data.rules).toEqual(expect.arrayContaining(['length', 'digit']));
    // The token was not used up by the refused attempt.
    const ok = await api('/api/amsw0101/create', {
      method: 'POST',
      ...json(
        {
          nameZh: '陳大文',
          personId: nationalId(5_678_901),
          birthDate: '1980-02-02',
          mobile: '0922333444',
          password: 'Clinic2026pass',
        },
        { EmailAuthorization: token },
      ),
    });
    expect(ok.body.code).toBe(0);
    const reuse = await api('/api/amsw0101/create', {
      method: 'POST',
      ...json(
        {
          nameZh: '陳小文',
          personId: nationalId(6_789_012),
          birthDate: '1980-02-02',
          mobile: '0922333444',
          password: 'Clinic2026pass',
        },
        { EmailAuthorization: token },
      ),
    });
    expect(reuse.body.code).toBe(-8);
  });
});

describe('checkEmail and checkPersonId', () => {
  it('answer 0 when free and -13 when registered, to a visitor holding a sign-up proof', async () => {
    const { email, personId } = await signUpIndividual();
    const proof = await signUpToken();
    const check = (path: string, body: unknown) =>
      api(path, { method: 'POST', ...json(body, { EmailAuthorization: proof.token, ...visitor() }) });
    expect((await check('/api/amsw0101/checkEmail', { email: uniqueEmail() })).body.code).toBe(0);
    expect((await check('/api/amsw0101/checkEmail', { email: email.toUpperCase() })).body.code).toBe(-13);
    expect((await check('/api/amsw0101/checkPersonId', { personId: nationalId(7_890_123) })).body.code).toBe(0);
    expect((await check('/api/amsw0101/checkPersonId', { personId: ` ${personId.toLowerCase()} ` })).body.code).toBe(
      -13,
    );
    expect((await check('/api/amsw0101/checkPersonId', { personId: 'A123' })).body.code).toBe(-10);
    expect((await check('/api/amsw0101/checkEmail', { email: 'not-an-address' })).body.code).toBe(-10);
    expect((await check('/api/amsw0101/checkEmail', {})).body.code).toBe(-2);
  });
});
