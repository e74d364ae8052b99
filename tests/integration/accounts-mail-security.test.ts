import { describe, expect, inject, it } from 'vitest';
import {
  api,
  baseUrl,
  json,
  mailsTo,
  nationalId,
  rawPost,
  signIn,
  signUpIndividual,
  signUpToken,
  solvedCaptcha,
  uniqueEmail,
  visitor,
} from './helpers';

/** The origin mailed links must use: SITE_URL (a live start), else localhost on the server's port. */
const configuredOrigin = () => inject('siteUrl') || `http://localhost:${new URL(baseUrl()).port}`;

const RESET_LINK = /(https?:\/\/\S+\/password\/reset\?\S+)/;

/** Asks for a reset link (as a new visitor) and answers the link of the mail it sends. */
async function resetLink(email: string, headers: Record<string, string> = {}): Promise<URL> {
  const before = (await mailsTo(email, 0, 0)).length;
  const sent = await api('/api/amsw0102/email', {
    method: 'POST',
    ...json({ email, purpose: 'reset', ...(await solvedCaptcha()) }, { ...visitor(), ...headers }),
  });
  expect(sent.body.code).toBe(0);
  const mails = await mailsTo(email, before + 1);
  expect(mails.length).toBe(before + 1);
  return new URL(RESET_LINK.exec(mails.at(-1)!.text)![1]!);
}

async function resetWith(url: URL, newPassword: string) {
  return api('/api/amsw0101/resetCid', {
    method: 'PUT',
    ...json({ newPassword }, { EmailAuthorization: url.searchParams.get('token')! }),
  });
}

describe('mailed links', () => {
  it('are built on the configured origin whatever Host or X-Forwarded-Host the request carries', async () => {
    const { email } = await signUpIndividual();
    const attempts: Record<string, string>[] = [
      { Host: 'evil.example' },
      { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
      { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' },
    ];
    for (const headers of attempts) {
      const before = (await mailsTo(email, 0, 0)).length;
      const sent = await rawPost(
        '/api/amsw0102/email',
        { email, purpose: 'reset', ...(await solvedCaptcha()) },
        { ...visitor(), ...headers },
      );
      expect(sent.code, JSON.stringify(headers)).toBe(0);
      const mails = await mailsTo(email, before + 1);
      const mail = mails.at(-1)!;
      expect(mail.text).not.toContain('evil.example');
      expect(mail.html).not.toContain('evil.example');
      expect(new URL(RESET_LINK.exec(mail.text)![1]!).origin).toBe(configuredOrigin());
    }
  });
});

describe('availability checks need the sign-up proof', () => {
  it('answer -8 without a sign-up token, or with a reset or wrong-type token', async () => {
    const { email, personId } = await signUpIndividual();
    const checks: [string, unknown][] = [
      ['/api/amsw0101/checkPersonId', { personId }],
      ['/api/amsw0101/checkEmail', { email }],
      ['/api/amsw0103/checkEmail', { email }],
    ];
    for (const [path, body] of checks) {
      const res = await api(path, { method: 'POST', ...json(body, visitor()) });
      expect(res.body.code, path).toBe(-8);
      const wrong = await api(path, { method: 'POST', ...json(body, { EmailAuthorization: 'x'.repeat(43) }) });
      expect(wrong.body.code, path).toBe(-8);
    }
    const reset = (await resetLink(email)).searchParams.get('token')!;
    const withReset = await api('/api/amsw0101/checkPersonId', {
      method: 'POST',
      ...json({ personId }, { EmailAuthorization: reset, ...visitor() }),
    });
    expect(withReset.body.code).toBe(-8);
    const organProof = await signUpToken('organ');
    const asIndividual = await api('/api/amsw0101/checkPersonId', {
      method: 'POST',
      ...json({ personId }, { EmailAuthorization: organProof.token, ...visitor() }),
    });
    expect(asIndividual.body.code).toBe(-8);
    const asOrgan = await api('/api/amsw0103/checkEmail', {
      method: 'POST',
      ...json({ email: uniqueEmail() }, { EmailAuthorization: organProof.token, ...visitor() }),
    });
    expect(asOrgan.body.code).toBe(0);
  });

  it('allow ten checks per proof, then answer -11 with the seconds to wait', async () => {
    const { personId } = await signUpIndividual();
    const proof = await signUpToken();
    for (let i = 0; i < 10; i++) {
      const path = i % 2 === 0 ? '/api/amsw0101/checkPersonId' : '/api/amsw0101/checkEmail';
      const body =
        i % 2 === 0 ? { personId: i === 0 ? personId : nationalId(1_000_000 + i) } : { email: uniqueEmail() };
      const res = await api(path, { method: 'POST', ...json(body, { EmailAuthorization: proof.token, ...visitor() }) });
      expect(res.body.code, `check ${i + 1}`).toBe(i === 0 ? -13 : 0);
    }
    const limited = await api<{ retryAfterSeconds: number }>('/api/amsw0101/checkPersonId', {
      method: 'POST',
      lang: 'en-us',
      ...json({ personId }, { EmailAuthorization: proof.token, ...visitor() }),
    });
    expect(limited.body.code).toBe(-11);
    expect(limited.body.data.retryAfterSeconds).toBeGreaterThan(0);
    expect(limited.body.message).toMatch(/Too many attempts\. Please try again in \d+ seconds/);
  });

  it('allow thirty checks an hour from one client address', async () => {
    const client = visitor();
    let last = 0;
    let proof = await signUpToken();
    for (let i = 0; i < 31; i++) {
      // A new proof every ten checks, so only the client's limit is reached.
      if (i > 0 && i % 10 === 0) proof = await signUpToken();
      const res = await api('/api/amsw0101/checkEmail', {
        method: 'POST',
        ...json({ email: uniqueEmail() }, { EmailAuthorization: proof.token, ...client }),
      });
      last = res.body.code;
      if (i < 30) expect(res.body.code, `check ${i + 1}`).toBe(0);
    }
    expect(last).toBe(-11);
  });
});

describe('reset links', () => {
  it('a newer link voids the older one', async () => {
    const { email } = await signUpIndividual();
    const first = await resetLink(email);
    const second = await resetLink(email);
    expect((await resetWith(first, 'Older2026link')).body.code).toBe(-8);
    expect((await resetWith(second, 'Newer2026link')).body.code).toBe(0);
    expect((await signIn(email, 'Newer2026link')).body.code).toBe(0);
  });

  it('a completed reset voids every other open link', async () => {
    const { email } = await signUpIndividual();
    const links = [await resetLink(email), await resetLink(email)];
    // The older was voided by the newer already; use the newer, then neither works.
    expect((await resetWith(links[1]!, 'Reset2026first')).body.code).toBe(0);
    for (const link of links) expect((await resetWith(link, 'Reset2026again')).body.code).toBe(-8);
    expect((await signIn(email, 'Reset2026first')).body.code).toBe(0);
  });

  it('a password change voids an open link', async () => {
    const { email, password } = await signUpIndividual();
    const link = await resetLink(email);
    const session = await signIn(email, password);
    const changed = await api('/api/amsw0101/editCid', {
      method: 'PUT',
      ...json({ currentPassword: password, newPassword: 'Changed2026now' }, { Cookie: session.cookie }),
    });
    expect(changed.body.code).toBe(0);
    expect((await resetWith(link, 'Stolen2026link')).body.code).toBe(-8);
    expect((await signIn(email, 'Changed2026now')).body.code).toBe(0);
  });

  it('are never extended by emailTimeReset; a sign-up proof is, up to three periods after its code', async () => {
    const { email } = await signUpIndividual();
    const link = await resetLink(email);
    const extendReset = await api('/api/amsw0102/emailTimeReset', {
      headers: { EmailAuthorization: link.searchParams.get('token')! },
    });
    expect(extendReset.body.code).toBe(-8);
    // Still usable for its own life.
    expect((await resetWith(link, 'Still2026valid')).body.code).toBe(0);

    const proof = await signUpToken();
    const extended = await api<{ expiresAt: string }>('/api/amsw0102/emailTimeReset', {
      headers: { EmailAuthorization: proof.token },
    });
    expect(extended.body.code).toBe(0);
    const expiresAt = Date.parse(extended.body.data.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(Date.parse(proof.expiresAt));
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 10 * 60_000 + 1000);
  });
});

describe('mail flooding', () => {
  it('mails one address at most five times an hour, sign-up codes and reset links together', async () => {
    const email = uniqueEmail('flood');
    const send = async (purpose: 'signup' | 'reset') =>
      api<{ retryAfterSeconds: number }>('/api/amsw0102/email', {
        method: 'POST',
        lang: 'en-us',
        ...json({ email, purpose, ...(await solvedCaptcha()) }, visitor()),
      });
    expect((await send('signup')).body.code).toBe(0);
    for (let i = 0; i < 4; i++) expect((await send('reset')).body.code, `reset ${i + 1}`).toBe(0);
    const limited = await send('reset');
    expect(limited.body.code).toBe(-11);
    expect(limited.body.data.retryAfterSeconds).toBeGreaterThan(60);
    expect(limited.body.message).toMatch(/Too many attempts/);
    const signup = await send('signup');
    expect(signup.body.code).toBe(-11);
    expect(await mailsTo(email, 2, 500)).toHaveLength(1); // the address has no account: one code, no links
  });

  it('lets one client address trigger at most twenty mails an hour', async () => {
    const client = visitor();
    for (let i = 0; i < 20; i++) {
      const res = await api('/api/amsw0102/email', {
        method: 'POST',
        ...json(
          { email: uniqueEmail('many'), purpose: i % 2 ? 'reset' : 'signup', ...(await solvedCaptcha()) },
          client,
        ),
      });
      expect(res.body.code, `mail ${i + 1}`).toBe(0);
    }
    const limited = await api<{ retryAfterSeconds: number }>('/api/amsw0102/email', {
      method: 'POST',
      ...json({ email: uniqueEmail('many'), purpose: 'signup', ...(await solvedCaptcha()) }, client),
    });
    expect(limited.body).toMatchObject({ code: -11, message: expect.stringMatching(/嘗試次數過多/) });
    // Another visitor is not held up.
    const other = await api('/api/amsw0102/email', {
      method: 'POST',
      ...json({ email: uniqueEmail('many'), purpose: 'signup', ...(await solvedCaptcha()) }, visitor()),
    });
    expect(other.body.code).toBe(0);
  });
});

describe('verification codes', () => {
  it('count parallel wrong guesses exactly: after twenty at once the right code is refused', async () => {
    const email = uniqueEmail();
    const sent = await api('/api/amsw0102/email', {
      method: 'POST',
      ...json({ email, purpose: 'signup', ...(await solvedCaptcha()) }, visitor()),
    });
    expect(sent.body.code).toBe(0);
    const code = /\b(\d{6})\b/.exec((await mailsTo(email))[0]!.text)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    const guesses = await Promise.all(
      Array.from({ length: 20 }, () =>
        api('/api/amsw0102/emailVerify', { method: 'POST', ...json({ email, code: wrong }) }),
      ),
    );
    for (const guess of guesses) expect(guess.body.code).toBe(-12);
    const right = await api('/api/amsw0102/emailVerify', { method: 'POST', lang: 'en-us', ...json({ email, code }) });
    expect(right.body.code).toBe(-12);
    expect(right.body.message).toMatch(/too many/i);
  });
});
