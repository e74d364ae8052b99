import { createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptTradeInfo } from '../../src/server/integrations/newebpay/crypto';
import { api, baseUrl, json, mailsTo, mailWithSubject, signIn, signUpIndividual } from './helpers';
import { gatewayPost, hiddenFields, keys, MERCHANT, paid, simulatorPage, until } from './simulator-helpers';

const PDF: Uint8Array<ArrayBuffer> = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');

async function bearer(email: string, password: string) {
  const { token } = await signIn(email, password);
  return { Authorization: `Bearer ${token}` };
}

interface Detail {
  applicationId: number;
  state: string;
  order: { orderId: number; number: string; amount: number; status: string; paymentMethods?: string[] } | null;
}

/** A new web user applies to the student class (not reviewed): payment is due at once. */
async function studentApplicant() {
  const person = await signUpIndividual();
  const auth = await bearer(person.email, person.password);
  const classes = await api<{ classList: { memberClassId: number; code: string }[] }>('/api/amsw0401/classes');
  const student = classes.body.data.classList.find((c) => c.code === 'student')!.memberClassId;
  const form = new FormData();
  form.set('purpose', 'applicationDocument');
  form.set('file', new File([PDF], 'student-card.pdf'));
  const fileId = (await api<{ fileId: number }>('/api/amsw1001/upload', { method: 'POST', headers: auth, body: form }))
    .body.data.fileId;
  const joined = await api<Detail>('/api/amsw0401/join', {
    method: 'POST',
    ...json({ memberClassId: student, documents: [{ key: 'studentId', fileId }], agreeTerms: true }, auth),
  });
  if (joined.body.code !== 0) throw new Error(JSON.stringify(joined.body));
  return { ...person, auth, application: joined.body.data };
}

/** Starts a gateway attempt and reads the encrypted form back: its MerchantOrderNo and amount. */
async function startPayment(auth: Record<string, string>, orderId: number, extra: Record<string, unknown> = {}) {
  const res = await api<{ action: string; fields: Record<string, string> }>('/api/amsw0501/pay', {
    method: 'POST',
    ...json({ orderId, ...extra }, auth),
  });
  if (res.body.code !== 0) return { res, params: null };
  const params = new URLSearchParams(decryptTradeInfo(res.body.data.fields.TradeInfo!, keys())!);
  return { res, params };
}

async function post(
  kind: 'notify' | 'return' | 'customer',
  body: URLSearchParams,
  headers: Record<string, string> = {},
) {
  return fetch(`${baseUrl()}/api/amsw0501/newebpay/${kind}${kind === 'notify' ? '' : '?lang=en-us'}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body,
    redirect: 'manual',
  });
}

async function notify(body: URLSearchParams) {
  const res = await post('notify', body);
  return { status: res.status, body: (await res.json()) as { code: number; data: { outcome: string } | null } };
}

/** The last day of a code payable for three more days (Taipei), as the gateway issues it. */
const threeDaysAhead = () => new Date(Date.now() + 8 * 3_600_000 + 3 * 86_400_000).toISOString().slice(0, 10);

async function detail(auth: Record<string, string>, applicationId: number) {
  return (await api<Detail>(`/api/amsw0401/application?applicationId=${applicationId}`, { headers: auth })).body.data;
}

describe('paying through the gateway (the simulator’s keys, real encryption)', () => {
  it('sends the server’s amount in the encrypted form, and a notify applies it once', async () => {
    const applicant = await studentApplicant();
    expect(applicant.application).toMatchObject({
      state: 'awaitingPayment',
      order: { amount: 300, status: 'pending' },
    });
    const { orderId } = applicant.application.order!;
    const { res, params } = await startPayment(applicant.auth, orderId);
    expect(res.body.data).toMatchObject({
      action: '/payment/simulator',
      fields: { MerchantID: MERCHANT, Version: '2.3' },
    });
    expect(params!.get('Amt')).toBe('300');
    expect(params!.get('MerchantOrderNo')).toMatch(/^O\d{10}_1$/);
    expect(params!.get('NotifyURL')).toMatch(/\/api\/amsw0501\/newebpay\/notify$/);
    expect(params!.get('Email')).toBe(applicant.email);
    const merchantOrderNo = params!.get('MerchantOrderNo')!;

    const first = await notify(gatewayPost(paid(merchantOrderNo, 300)));
    expect(first).toMatchObject({ status: 200, body: { code: 0, data: { outcome: 'applied' } } });
    const after = await detail(applicant.auth, applicant.application.applicationId);
    expect(after).toMatchObject({ state: 'effective', order: { status: 'paid' } });
    const me = await api<{ isMember: boolean; memberNo: string; memberStatus: string }>('/api/amsw0101', {
      headers: applicant.auth,
    });
    expect(me.body.data).toMatchObject({ isMember: true, memberStatus: 'active' });
    expect(me.body.data.memberNo).toMatch(/^M\d{4}-\d{4}$/);
    await mailWithSubject(applicant.email, '已生效');

    // The same notify again, and the browser's return after it: nothing more happens.
    expect((await notify(gatewayPost(paid(merchantOrderNo, 300)))).body.data!.outcome).toBe('duplicate');
    const back = await post('return', gatewayPost(paid(merchantOrderNo, 300)), {
      Origin: 'https://ccore.newebpay.com',
    });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/en-us/signinReturn?orderId=${orderId}&attempt=${merchantOrderNo}`);
    const payments = await api<{ applicationList: unknown[] }>('/api/amsw0101/application', {
      headers: applicant.auth,
    });
    expect(payments.body.data.applicationList).toHaveLength(1);
    // A paid order takes no new attempt.
    expect((await startPayment(applicant.auth, orderId)).res.body.code).toBe(-10);
  });

  it('offers every way the simulator takes, and a chosen way is the only one on the gateway’s page', async () => {
    const applicant = await studentApplicant();
    expect(applicant.application.order).toMatchObject({
      paymentMethods: ['card', 'webAtm', 'atm', 'store', 'transfer'],
    });
    const { applicationId, order } = applicant.application;
    const { cookie } = await signIn(applicant.email, applicant.password);
    const page = await (
      await fetch(`${baseUrl()}/en-us/signinResult?applicationId=${applicationId}`, { headers: { Cookie: cookie } })
    ).text();
    expect(page).toContain('Pay now');
    expect(page).toContain('Pay by bank transfer');
    const { params } = await startPayment(applicant.auth, order!.orderId, { method: 'atm' });
    expect(['CREDIT', 'WEBATM', 'VACC', 'CVS'].map((m) => params!.get(m))).toEqual(['0', '0', '1', '0']);
    const all = (await startPayment(applicant.auth, order!.orderId)).params!;
    expect(['CREDIT', 'WEBATM', 'VACC', 'CVS'].map((m) => all.get(m))).toEqual(['1', '1', '1', '1']);
  });

  it('refuses a forged, altered or foreign notify and changes nothing', async () => {
    const applicant = await studentApplicant();
    const { orderId } = applicant.application.order!;
    const merchantOrderNo = (await startPayment(applicant.auth, orderId)).params!.get('MerchantOrderNo')!;
    const tampered = gatewayPost(paid(merchantOrderNo, 300), { sha: 'A'.repeat(64) });
    const otherShop = { hashKey: 'abcdefghijklmnopqrstuvwxyz123456', hashIv: 'abcdefghijklmnop' };
    for (const body of [
      tampered,
      // Signed, another amount, and not paid (paid money of another amount is kept for finance:
      // payments-surplus.test.ts).
      gatewayPost(paid(merchantOrderNo, 1), { status: 'CRE00001' }),
      gatewayPost(paid(merchantOrderNo, 300), { with: otherShop }), // another shop's keys
      gatewayPost(paid(merchantOrderNo, 300, { MerchantID: 'MS99999999' })), // another merchant inside
      gatewayPost(paid('O2026999999_1', 300)), // an order that does not exist
    ]) {
      const answer = await notify(body);
      expect(answer.body.code).toBe(-10);
    }
    expect(await detail(applicant.auth, applicant.application.applicationId)).toMatchObject({
      state: 'awaitingPayment',
      order: { status: 'pending' },
    });
    // A forged return sends the browser to the payments page, told nothing was applied.
    const forged = await post('return', tampered);
    expect(forged.status).toBe(303);
    expect(forged.headers.get('location')).toBe('/en-us/member/payment?gateway=refused');
    // A failed card payment leaves the order open for another try.
    const declined = await notify(gatewayPost(paid(merchantOrderNo, 300), { status: 'CRE00001' }));
    expect(declined.body.data!.outcome).toBe('failed');
    const retry = await startPayment(applicant.auth, orderId);
    expect(retry.params!.get('MerchantOrderNo')).toMatch(/_2$/);
  });

  it('applies the browser’s return when it comes before the notify', async () => {
    const applicant = await studentApplicant();
    const { orderId } = applicant.application.order!;
    const merchantOrderNo = (await startPayment(applicant.auth, orderId)).params!.get('MerchantOrderNo')!;
    const back = await post('return', gatewayPost(paid(merchantOrderNo, 300)));
    expect(back.headers.get('location')).toBe(`/en-us/signinReturn?orderId=${orderId}&attempt=${merchantOrderNo}`);
    expect((await detail(applicant.auth, applicant.application.applicationId)).state).toBe('effective');
    expect((await notify(gatewayPost(paid(merchantOrderNo, 300)))).body.data!.outcome).toBe('duplicate');
  });

  it('applies a notify whose TradeInfo is padded to 32-byte blocks, as the gateway’s sample pads', async () => {
    const applicant = await studentApplicant();
    const { orderId } = applicant.application.order!;
    const merchantOrderNo = (await startPayment(applicant.auth, orderId)).params!.get('MerchantOrderNo')!;
    // A result whose padding runs past one AES block (17 to 32 bytes): what was refused before.
    const padOf = (info: string) => {
      const { hashKey, hashIv } = keys();
      const decipher = createDecipheriv('aes-256-cbc', Buffer.from(hashKey), Buffer.from(hashIv));
      decipher.setAutoPadding(false);
      return Buffer.concat([decipher.update(Buffer.from(info, 'hex')), decipher.final()]).at(-1)!;
    };
    let body = gatewayPost(paid(merchantOrderNo, 300), { blockSize: 32 });
    for (let filler = 1; padOf(body.get('TradeInfo')!) <= 16; filler++)
      body = gatewayPost(paid(merchantOrderNo, 300, { IP: '1'.repeat(filler) }), { blockSize: 32 });
    const answer = await notify(body);
    expect(answer).toMatchObject({ status: 200, body: { code: 0, data: { outcome: 'applied' } } });
    expect(await detail(applicant.auth, applicant.application.applicationId)).toMatchObject({
      state: 'effective',
      order: { status: 'paid' },
    });
  });

  it('shows an ATM code until the later notify pays it', async () => {
    const applicant = await studentApplicant();
    const { orderId } = applicant.application.order!;
    const merchantOrderNo = (await startPayment(applicant.auth, orderId)).params!.get('MerchantOrderNo')!;
    const code = paid(merchantOrderNo, 300, {
      PaymentType: 'VACC',
      BankCode: '822',
      CodeNo: '12345678901234',
      ExpireDate: '2026-12-01',
      ExpireTime: '23:59:59',
      PayTime: undefined,
    });
    const issued = await post('customer', gatewayPost(code));
    expect(issued.status).toBe(303);
    expect((await detail(applicant.auth, applicant.application.applicationId)).state).toBe('awaitingPayment');
    const later = await notify(gatewayPost({ ...code, PayTime: '2026-11-25 09:12:00' }));
    expect(later.body.data!.outcome).toBe('applied');
    expect((await detail(applicant.auth, applicant.application.applicationId)).state).toBe('effective');
  });

  it('shows an open ATM code wherever the order is, mails it, and pays again only once the member cancels it', async () => {
    const applicant = await studentApplicant();
    const { orderId, number } = applicant.application.order!;
    const { cookie } = await signIn(applicant.email, applicant.password);
    const show = async (path: string) => (await fetch(`${baseUrl()}${path}`, { headers: { Cookie: cookie } })).text();
    const first = (await startPayment(applicant.auth, orderId)).params!.get('MerchantOrderNo')!;
    const lastDay = threeDaysAhead();
    const code = paid(first, 300, {
      PaymentType: 'VACC',
      BankCode: '822',
      CodeNo: '55501234567890',
      ExpireDate: lastDay,
      ExpireTime: '23:59:59',
      PayTime: undefined,
    });
    expect((await post('customer', gatewayPost(code))).status).toBe(303);

    // The member closed the tab: the payments page and the application still show the account,
    // the amount and the deadline.
    const [y, m, d] = lastDay.split('-');
    const payments = await show('/en-us/member/payment');
    const due = payments.slice(payments.indexOf('id="due"'), payments.indexOf('id="history"'));
    for (const text of ['An ATM transfer account is open for this order', '822', '55501234567890', 'NT$300'])
      expect(due).toContain(text);
    expect(due).toContain(
      `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(m) - 1]} ${d}, ${y}`,
    );
    const history = payments.slice(payments.indexOf('id="history"'));
    expect(history).toContain('ATM or store code open until');
    const application = await show(`/signinResult?applicationId=${applicant.application.applicationId}`);
    expect(application).toContain('本訂單已取得 ATM 轉帳帳號');
    expect(application).toContain('55501234567890');
    expect(application).toContain(`${y}/${m}/${d}`);

    // And it is mailed, once, in the member's language, with the deadline.
    const mail = await mailWithSubject(applicant.email, 'ATM 轉帳帳號');
    expect(mail.text).toContain(`訂單 ${number}`);
    expect(mail.text).toContain('銀行代碼 822');
    expect(mail.text).toContain('55501234567890');
    expect(mail.text).toMatch(new RegExp(`請於 ${y}/${m}/${d}\\s23:59 前繳費`));
    await post('customer', gatewayPost(code));
    await new Promise((r) => setTimeout(r, 1000));
    expect((await mailsTo(applicant.email, 1, 0)).filter((m) => m.subject.includes('ATM 轉帳帳號'))).toHaveLength(1);

    // Paying again while the code may be paid would pay twice: refused, unless the code is cancelled.
    const again = await startPayment(applicant.auth, orderId);
    expect(again.res.body).toMatchObject({ code: -10, data: { reason: 'codeOpen' } });
    const replaced = await startPayment(applicant.auth, orderId, { cancelCode: true });
    expect(replaced.res.body.code).toBe(0);
    expect(replaced.params!.get('MerchantOrderNo')).toBe(first.replace(/_1$/, '_2'));
    const after = await show('/en-us/member/payment');
    expect(after).not.toContain('55501234567890');
    expect(after).not.toContain('ATM or store code open until');

    // Money that still arrives on the cancelled code pays nothing: it is kept for the finance office.
    const late = await notify(gatewayPost({ ...code, PayTime: '2026-11-25 09:12:00' }));
    expect(late.body.data!.outcome).toBe('surplus');
    expect(await detail(applicant.auth, applicant.application.applicationId)).toMatchObject({
      state: 'awaitingPayment',
      order: { status: 'pending' },
    });
    const kept = await show('/en-us/member/payment');
    expect(kept).toContain('Paid on a cancelled code; the finance office applies it to this order or refunds it');
  });

  it('shows on the return page the attempt the browser came back from, not a later one', async () => {
    const applicant = await studentApplicant();
    const { orderId } = applicant.application.order!;
    const { cookie } = await signIn(applicant.email, applicant.password);
    // An ATM account issued for the first attempt…
    const first = (await startPayment(applicant.auth, orderId)).params!.get('MerchantOrderNo')!;
    const code = paid(first, 300, {
      PaymentType: 'VACC',
      BankCode: '822',
      CodeNo: '98765432101234',
      ExpireDate: threeDaysAhead(),
      PayTime: undefined,
    });
    const issued = await post('customer', gatewayPost(code));
    const codePage = issued.headers.get('location')!;
    expect(codePage).toBe(`/en-us/signinReturn?orderId=${orderId}&attempt=${first}`);
    // …then, in a second tab, the code cancelled to pay by card, and the card declined: a newer attempt.
    const second = (await startPayment(applicant.auth, orderId, { cancelCode: true })).params!.get('MerchantOrderNo')!;
    const declined = await post('return', gatewayPost(paid(second, 300), { status: 'CRE00001' }));
    const failedPage = declined.headers.get('location')!;
    expect(failedPage).toBe(`/en-us/signinReturn?orderId=${orderId}&attempt=${second}`);
    const show = async (path: string) => (await fetch(`${baseUrl()}${path}`, { headers: { Cookie: cookie } })).text();
    // The first tab, reloaded, says its account was cancelled; the second shows its failure.
    const codeHtml = await show(codePage);
    expect(codeHtml).toContain('This code was cancelled so that you could pay another way');
    expect(codeHtml).not.toContain('98765432101234');
    expect(codeHtml).not.toContain('The payment did not go through');
    const failedHtml = await show(failedPage);
    expect(failedHtml).toContain('The payment did not go through');
    expect(failedHtml).not.toContain('98765432101234');
    // An attempt of another order named in the address is not shown: the order's latest is.
    const other = await studentApplicant();
    const theirs = (await startPayment(other.auth, other.application.order!.orderId)).params!.get('MerchantOrderNo')!;
    await post('customer', gatewayPost({ ...code, MerchantOrderNo: theirs, TradeNo: `T${theirs}` }));
    const borrowed = await show(`/en-us/signinReturn?orderId=${orderId}&attempt=${theirs}`);
    expect(borrowed).toContain('The payment did not go through');
  });

  it('keeps a second payment of a paid order as surplus, never applying it twice', async () => {
    const applicant = await studentApplicant();
    const { orderId } = applicant.application.order!;
    const one = (await startPayment(applicant.auth, orderId)).params!.get('MerchantOrderNo')!;
    const two = (await startPayment(applicant.auth, orderId)).params!.get('MerchantOrderNo')!;
    expect(one).not.toBe(two);
    expect((await notify(gatewayPost(paid(one, 300)))).body.data!.outcome).toBe('applied');
    expect((await notify(gatewayPost(paid(two, 300)))).body.data!.outcome).toBe('surplus');
    expect((await notify(gatewayPost(paid(two, 300)))).body.data!.outcome).toBe('duplicate');
    const history = (
      await api<{ history: { event: string }[] }>(
        `/api/amsw0401/application?applicationId=${applicant.application.applicationId}`,
        {
          headers: applicant.auth,
        },
      )
    ).body.data.history.map((h) => h.event);
    expect(history.filter((e) => e === 'pay')).toHaveLength(1);
    expect(history.filter((e) => e === 'takeEffect')).toHaveLength(1);
    // The payments page lists the order once, paid, with its receipt and both payments received.
    const { cookie } = await signIn(applicant.email, applicant.password);
    const page = await fetch(`${baseUrl()}/en-us/member/payment`, { headers: { Cookie: cookie }, redirect: 'manual' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Nothing is due');
    expect(html).not.toContain('(something needs your attention)');
    const row = html.slice(html.indexOf('id="history"'));
    expect(row).toMatch(/<td[^>]*>Paid<\/td>/);
    expect(row).toMatch(/R\d{4}-\d{6}/);
    expect(row.match(/Card/g)).toHaveLength(2);
    expect(row.match(/Paid twice; the society refunds it/g)).toHaveLength(1);
  });

  it('shows a web user the joining fee still due on the payments page, and nobody else’s', async () => {
    const applicant = await studentApplicant();
    const { cookie } = await signIn(applicant.email, applicant.password);
    const mine = await (await fetch(`${baseUrl()}/en-us/member/payment`, { headers: { Cookie: cookie } })).text();
    expect(mine).toContain(applicant.application.order!.number);
    expect(mine).toContain('NT$300');
    // The header marks the way to the member area on every page, and the centre says what is due.
    const home = await (await fetch(`${baseUrl()}/en-us/news/list`, { headers: { Cookie: cookie } })).text();
    expect(home).toContain('(something needs your attention)');
    const centre = await (await fetch(`${baseUrl()}/en-us/webUser/center`, { headers: { Cookie: cookie } })).text();
    expect(centre).toContain('1 payment due: NT$300.');
    const other = await studentApplicant();
    const theirs = await signIn(other.email, other.password);
    const page = await (
      await fetch(`${baseUrl()}/en-us/member/payment`, { headers: { Cookie: theirs.cookie } })
    ).text();
    expect(page).not.toContain(applicant.application.order!.number);
  });

  it('applies one of several simultaneous reports of the same payment', async () => {
    const applicant = await studentApplicant();
    const { orderId } = applicant.application.order!;
    const merchantOrderNo = (await startPayment(applicant.auth, orderId)).params!.get('MerchantOrderNo')!;
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 === 0
          ? notify(gatewayPost(paid(merchantOrderNo, 300))).then((r) => r.body.data!.outcome)
          : post('return', gatewayPost(paid(merchantOrderNo, 300))).then((r) =>
              r.status === 303 ? 'return' : 'error',
            ),
      ),
    );
    expect(outcomes.filter((o) => o === 'applied').length).toBeLessThanOrEqual(1);
    expect(outcomes).not.toContain('error');
    const history = (
      await api<{ history: { event: string }[] }>(
        `/api/amsw0401/application?applicationId=${applicant.application.applicationId}`,
        {
          headers: applicant.auth,
        },
      )
    ).body.data.history.map((h) => h.event);
    expect(history.filter((e) => e === 'pay')).toHaveLength(1);
    expect((await detail(applicant.auth, applicant.application.applicationId)).order).toMatchObject({ status: 'paid' });
  });

  it('gives each of several presses of “pay” at the same moment an attempt of its own', async () => {
    const applicant = await studentApplicant();
    const { orderId } = applicant.application.order!;
    const presses = await Promise.all(Array.from({ length: 5 }, () => startPayment(applicant.auth, orderId)));
    for (const { res } of presses) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 0, data: { action: '/payment/simulator' } });
    }
    const numbers = presses.map(({ params }) => params!.get('MerchantOrderNo')!);
    // Five attempts, numbered 1 to 5, each a form of its own for the order's amount.
    expect(numbers.map((n) => Number(n.split('_')[1])).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(numbers.map((n) => n.split('_')[0])).size).toBe(1);
    expect(presses.every(({ params }) => params!.get('Amt') === '300')).toBe(true);
    // Any of them pays the order; another is then surplus.
    expect((await notify(gatewayPost(paid(numbers[3]!, 300)))).body.data!.outcome).toBe('applied');
    expect((await notify(gatewayPost(paid(numbers[1]!, 300)))).body.data!.outcome).toBe('surplus');
  });

  it('lets only the order’s owner start paying it', async () => {
    const applicant = await studentApplicant();
    const other = await bearer('webuser@example.org', 'Webuser2026demo');
    expect((await startPayment(other, applicant.application.order!.orderId)).res.body.code).toBe(-6);
    expect((await api('/api/amsw0501/pay', { method: 'POST', ...json({ orderId: 1 }) })).body.code).toBe(-9);
  });
});

describe('the gateway simulator', () => {
  it('takes the payment form, and a paid card whose notify is lost is found by the trade query', async () => {
    const applicant = await studentApplicant();
    const form = await api<{ action: string; fields: Record<string, string> }>('/api/amsw0501/pay', {
      method: 'POST',
      ...json({ orderId: applicant.application.order!.orderId }, applicant.auth),
    });
    const page = await simulatorPage(form.body.data.fields);
    expect(page.status).toBe(200);
    expect(page.html).toContain('新臺幣 300 元');
    const { merchantOrderNo } = hiddenFields(page.html);
    expect(merchantOrderNo).toMatch(/_1$/);
    // A form that is not the shop's is refused.
    const forged = await simulatorPage({ ...form.body.data.fields, TradeSha: 'F'.repeat(64) });
    expect(forged.html).toContain('付款資料無法驗證');

    const onward = await simulatorPage({ merchantOrderNo: merchantOrderNo!, simulatorAction: 'cardLostNotify' });
    expect(onward.html).toContain('/api/amsw0501/newebpay/return?lang=zh-tw');
    // The browser never comes back and no notify comes: the reconciliation job asks the gateway.
    const settled = await until(
      () => detail(applicant.auth, applicant.application.applicationId),
      (d) => d.state === 'effective',
    );
    expect(settled).toMatchObject({ state: 'effective', order: { status: 'paid' } });
  });

  it('issues an ATM account, lists it until paid, and the payment’s notify takes effect', async () => {
    const applicant = await studentApplicant();
    const form = await api<{ fields: Record<string, string> }>('/api/amsw0501/pay', {
      method: 'POST',
      ...json({ orderId: applicant.application.order!.orderId }, applicant.auth),
    });
    const { merchantOrderNo } = hiddenFields((await simulatorPage(form.body.data.fields)).html);
    const onward = await simulatorPage({ merchantOrderNo: merchantOrderNo!, simulatorAction: 'atm' });
    const action = /<form method="post" action="([^"]+)"/.exec(onward.html)![1]!.replaceAll('&amp;', '&');
    expect(action).toBe('/api/amsw0501/newebpay/customer?lang=zh-tw');
    const back = await fetch(baseUrl() + action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://ccore.newebpay.com' },
      body: new URLSearchParams(hiddenFields(onward.html)),
      redirect: 'manual',
    });
    expect(back.status).toBe(303);
    expect((await detail(applicant.auth, applicant.application.applicationId)).state).toBe('awaitingPayment');

    const list = await (await fetch(`${baseUrl()}/en-us/payment/simulator`)).text();
    expect(list).toContain(merchantOrderNo);
    expect(list).toContain('Bank code 822');
    const paidPage = await simulatorPage({ merchantOrderNo: merchantOrderNo!, simulatorAction: 'payCode' });
    expect(paidPage.html).toContain('已模擬繳費');
    expect((await detail(applicant.auth, applicant.application.applicationId)).state).toBe('effective');
  });

  it('pays by WebATM at once, and the member’s payments page names the method', async () => {
    const applicant = await studentApplicant();
    const form = await api<{ fields: Record<string, string> }>('/api/amsw0501/pay', {
      method: 'POST',
      ...json({ orderId: applicant.application.order!.orderId }, applicant.auth),
    });
    const { merchantOrderNo } = hiddenFields((await simulatorPage(form.body.data.fields)).html);
    const onward = await simulatorPage({ merchantOrderNo: merchantOrderNo!, simulatorAction: 'webAtm' });
    expect(onward.html).toContain('/api/amsw0501/newebpay/return?lang=zh-tw');
    expect(await detail(applicant.auth, applicant.application.applicationId)).toMatchObject({
      state: 'effective',
      order: { status: 'paid' },
    });
    const { cookie } = await signIn(applicant.email, applicant.password);
    const payments = await (await fetch(`${baseUrl()}/en-us/member/payment`, { headers: { Cookie: cookie } })).text();
    expect(payments).toContain('WebATM');
  });

  it('answers the trade query in the gateway’s protocol, refusing a wrong CheckValue', async () => {
    const res = await fetch(`${baseUrl()}/api/amsw0502/simulator/query`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        MerchantID: MERCHANT,
        MerchantOrderNo: 'O2026000001_1',
        Amt: '300',
        CheckValue: 'X',
      }),
    });
    expect(await res.json()).toMatchObject({ Status: 'TRA10001' });
  });
});
