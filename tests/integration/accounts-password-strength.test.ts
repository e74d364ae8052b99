import { describe, expect, it } from 'vitest';
import {
  api,
  businessNumber,
  json,
  mailsTo,
  nationalId,
  signIn,
  signUpIndividual,
  solvedCaptcha,
  uniqueEmail,
} from './helpers';

// The server estimates every new password (zxcvbn) and refuses a guessable one with -10, the
// field, the rule and the estimate's feedback keys, whatever the browser checked before.

interface Refusal {
  fields: string[];
  rules: string[];
  warning: string | null;
  suggestions: string[];
}

async function signUpToken(email: string): Promise<string> {
  await api('/api/amsw0102/email', {
    method: 'POST',
    ...json({ email, purpose: 'signup', ...(await solvedCaptcha()) }),
  });
  const code = /\b(\d{6})\b/.exec((await mailsTo(email))[0]!.text)![1]!;
  const verified = await api<{ emailToken: string }>('/api/amsw0102/emailVerify', {
    method: 'POST',
    ...json({ email, code }),
  });
  return verified.body.data.emailToken;
}

describe('guessable passwords', () => {
  it('are refused at sign-up, in the reader language, and the e-mail proof stays usable', async () => {
    const email = uniqueEmail();
    const token = await signUpToken(email);
    const profile = {
      nameZh: '張志明',
      nameEn: 'Chang Chih-Ming',
      personId: nationalId(4_321_987),
      birthDate: '1979-03-03',
      mobile: '0933444555',
    };
    const refused = await api<Refusal>('/api/amsw0101/create', {
      method: 'POST',
      lang: 'en-us',
      ...json({ ...profile, password: 'Password1' }, { EmailAuthorization: token }),
    });
    expect(refused.body).toMatchObject({
      code: -10,
      data: { fields: ['password'], rules: ['notGuessable'], warning: 'common' },
      message: expect.stringMatching(/too easy to guess/),
    });
    expect(refused.body.data.suggestions.length).toBeGreaterThan(0);

    // Built on the person's own name: refused too, in Chinese by default.
    const personal = await api<Refusal>('/api/amsw0101/create', {
      method: 'POST',
      ...json({ ...profile, password: 'Chihming1979' }, { EmailAuthorization: token }),
    });
    expect(personal.body).toMatchObject({ code: -10, data: { fields: ['password'], rules: ['notGuessable'] } });
    expect(personal.body.message).toMatch(/太容易被猜到/);

    const ok = await api('/api/amsw0101/create', {
      method: 'POST',
      ...json({ ...profile, password: 'Lantern2026tide' }, { EmailAuthorization: token }),
    });
    expect(ok.body.code).toBe(0);
  });

  it('are refused when an organisation signs up', async () => {
    const email = uniqueEmail('organ');
    await api('/api/amsw0102/email', {
      method: 'POST',
      ...json({ email, purpose: 'signup', userType: 'organ', ...(await solvedCaptcha()) }),
    });
    const code = /\b(\d{6})\b/.exec((await mailsTo(email))[0]!.text)![1]!;
    const verified = await api<{ emailToken: string }>('/api/amsw0102/emailVerify', {
      method: 'POST',
      ...json({ email, code, userType: 'organ' }),
    });
    const refused = await api<Refusal>('/api/amsw0103/create', {
      method: 'POST',
      ...json(
        {
          name: '康健診所',
          contactName: '王大同',
          phone: '02-2345-6789',
          address: '臺北市大安區仁愛路 1 號',
          taxId: businessNumber(),
          password: 'qwerty123A',
        },
        { EmailAuthorization: verified.body.data.emailToken },
      ),
    });
    expect(refused.body).toMatchObject({ code: -10, data: { fields: ['password'], rules: ['notGuessable'] } });
  });

  it('are refused when changing the password', async () => {
    const { email, password } = await signUpIndividual();
    const { cookie } = await signIn(email, password);
    const refused = await api<Refusal>('/api/amsw0101/editCid', {
      method: 'PUT',
      lang: 'en-us',
      ...json({ currentPassword: password, newPassword: 'Password1' }, { Cookie: cookie }),
    });
    expect(refused.body).toMatchObject({
      code: -10,
      data: { fields: ['newPassword'], rules: ['notGuessable'] },
      message: expect.stringMatching(/too easy to guess/),
    });
    // The account's own name (Lin Mei-Ling) counts as known.
    const personal = await api<Refusal>('/api/amsw0101/editCid', {
      method: 'PUT',
      ...json({ currentPassword: password, newPassword: 'Meiling1985' }, { Cookie: cookie }),
    });
    expect(personal.body).toMatchObject({ code: -10, data: { rules: ['notGuessable'] } });
    expect((await signIn(email, password)).body.code).toBe(0);
  });

  it('are refused when resetting the password, and the mailed token stays usable', async () => {
    const { email } = await signUpIndividual();
    await api('/api/amsw0102/email', {
      method: 'POST',
      ...json({ email, purpose: 'reset', ...(await solvedCaptcha()) }),
    });
    const mails = await mailsTo(email, 2);
    const link = /(https?:\/\/\S+\/password\/reset\?\S+)/.exec(mails.at(-1)!.text)![1]!;
    const token = new URL(link).searchParams.get('token')!;
    const refused = await api<Refusal>('/api/amsw0101/resetCid', {
      method: 'PUT',
      ...json({ newPassword: 'Password1' }, { EmailAuthorization: token }),
    });
    expect(refused.body).toMatchObject({ code: -10, data: { fields: ['newPassword'], rules: ['notGuessable'] } });
    expect(refused.body.message).toMatch(/太容易被猜到/);
    const ok = await api('/api/amsw0101/resetCid', {
      method: 'PUT',
      ...json({ newPassword: 'Lantern2026tide' }, { EmailAuthorization: token }),
    });
    expect(ok.body.code).toBe(0);
  });

  it('with other broken rules, name them all', async () => {
    const { email, password } = await signUpIndividual();
    const { cookie } = await signIn(email, password);
    const refused = await api<Refusal>('/api/amsw0101/editCid', {
      method: 'PUT',
      ...json({ currentPassword: password, newPassword: 'abc' }, { Cookie: cookie }),
    });
    expect(refused.body).toMatchObject({
      code: -10,
      data: { fields: ['newPassword'], rules: ['length', 'digit', 'notGuessable'] },
      message: '密碼未符合密碼規則',
    });
  });
});
