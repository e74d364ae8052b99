import { describe, expect, it } from 'vitest';
import {
  api,
  json,
  mailsTo,
  mailWithSubject,
  signIn,
  signUpOrganisation,
  solvedCaptcha,
  uniqueEmail,
  visitor,
} from './helpers';

async function organisationToken(email: string) {
  const sent = await api('/api/amsw0102/email', {
    method: 'POST',
    ...json({ email, purpose: 'signup', userType: 'organ', ...(await solvedCaptcha()) }, visitor()),
  });
  expect(sent.body.code).toBe(0);
  const code = /\b(\d{6})\b/.exec((await mailsTo(email))[0]!.text)![1]!;
  const verified = await api<{ emailToken: string }>('/api/amsw0102/emailVerify', {
    method: 'POST',
    ...json({ email, code, userType: 'organ' }),
  });
  expect(verified.body.code).toBe(0);
  return verified.body.data.emailToken;
}

const organisation = {
  name: '安康醫院',
  contactName: '李小華',
  phone: '(02) 2345-6789 #123',
  address: '235 新北市中和區中正路 100 號',
  password: 'Hospital2026ok',
};

describe('organisation accounts', () => {
  it('sign up with a checked business number and sign in by e-mail or business number', async () => {
    const email = uniqueEmail('organ');
    const token = await organisationToken(email);
    const bad = await api<{ fields: string[] }>('/api/amsw0103/create', {
      method: 'POST',
      ...json({ ...organisation, taxId: '12345678' }, { EmailAuthorization: token }),
    });
    expect(bad.body).toMatchObject({ code: -10, data: { fields: ['taxId'] } });
    const taken = await api('/api/amsw0103/create', {
      method: 'POST',
      ...json({ ...organisation, taxId: '04595257' }, { EmailAuthorization: token }),
    });
    expect(taken.body).toMatchObject({ code: -13, message: '此統一編號已註冊' });
    const created = await api('/api/amsw0103/create', {
      method: 'POST',
      ...json({ ...organisation, taxId: '22099131' }, { EmailAuthorization: token }),
    });
    expect(created.body.code).toBe(0);

    const byTaxId = await signIn('22099131', organisation.password, 'organ');
    expect(byTaxId.body).toMatchObject({ code: 0, data: { userType: 'organ' } });
    const me = await api('/api/amsw0103', { headers: { Cookie: byTaxId.cookie } });
    expect(me.body.data).toMatchObject({ userType: 'organ', email, name: '安康醫院', taxId: '22099131' });
  });

  it('keeps individual and organisation sign-up codes apart', async () => {
    const email = uniqueEmail('organ');
    await api('/api/amsw0102/email', {
      method: 'POST',
      ...json({ email, purpose: 'signup', userType: 'organ', ...(await solvedCaptcha()) }, visitor()),
    });
    const code = /\b(\d{6})\b/.exec((await mailsTo(email))[0]!.text)![1]!;
    const asIndividual = await api('/api/amsw0102/emailVerify', { method: 'POST', ...json({ email, code }) });
    expect(asIndividual.body.code).toBe(-12);
  });

  it('answers an organisation’s registered address as a new one, and mails the organisation a reset link', async () => {
    const body = async (email: string, userType: 'organ' | 'individual') =>
      api('/api/amsw0102/email', {
        method: 'POST',
        ...json({ email, purpose: 'signup', userType, ...(await solvedCaptcha()) }, visitor()),
      });
    const fresh = await body(uniqueEmail('organ'), 'organ');
    const registered = await body('organ@example.org', 'organ');
    expect(registered.body).toEqual(fresh.body);
    expect(registered.body.code).toBe(0);
    const mail = await mailWithSubject('organ@example.org', '您已有帳號');
    expect(mail.text).toContain('但此地址已有機構帳號');
    const link = new URL(/(https?:\/\/\S+\/password\/reset\?\S+)/.exec(mail.text)![1]!);
    expect(link.pathname).toBe('/password/reset');
    expect(link.searchParams.get('type')).toBe('organ');
    // The address has no individual's account: signing up an individual with it gets a code.
    const asIndividual = await body('organ@example.org', 'individual');
    expect(asIndividual.body.code).toBe(0);
    const code = await mailWithSubject('organ@example.org', '電子郵件驗證碼');
    expect(code.text).toMatch(/\b\d{6}\b/);
  });

  it('lists the topics with the ones the organisation chose', async () => {
    const { cookie } = await signIn('organ@example.org', 'Organ2026demo', 'organ');
    const res = await api<{ topicList: { topicId: number; name: string; selected: boolean }[] }>(
      '/api/amsw0103/topic',
      {
        headers: { Cookie: cookie },
        lang: 'en-us',
      },
    );
    expect(res.body.code).toBe(0);
    expect(res.body.data.topicList.map((t) => t.name)).toContain('Clinical teaching');
    expect(res.body.data.topicList.filter((t) => t.selected)).toHaveLength(2);
  });

  it('edits its details but never its business number, and keeps topics it did not send', async () => {
    const own = await signUpOrganisation();
    const { cookie } = await signIn(own.email, own.password, 'organ');
    const me = await api<{ accountId: number }>('/api/amsw0103', { headers: { Cookie: cookie } });
    const edit = await api('/api/amsw0103/edit', {
      method: 'PUT',
      ...json({ ...organisation, name: '仁愛綜合醫院', taxId: '22099131', topicIds: [1] }, { Cookie: cookie }),
    });
    expect(edit.body.code).toBe(0);
    const again = await api('/api/amsw0103/edit', {
      method: 'PUT',
      ...json({ ...organisation, name: '仁愛綜合醫院' }, { Cookie: cookie }),
    });
    expect(again.body.code).toBe(0);
    const detail = await api<{ name: string; taxId: string; topicIds: number[] }>(
      `/api/amsw0103/detail?accountId=${me.body.data.accountId}`,
      {
        headers: { Cookie: cookie },
      },
    );
    expect(detail.body.data).toMatchObject({ name: '仁愛綜合醫院', taxId: own.taxId, topicIds: [1] });
  });
});
