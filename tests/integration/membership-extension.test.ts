import { describe, expect, it } from 'vitest';
import { mailWithSubject } from './helpers';
import { ownServerSuite } from './own-server';
import { hiddenFields, simulatorPage } from './simulator-helpers';

interface Offer {
  status: string;
  termEnd: string | null;
  next: { start: string; end: string } | null;
  amount: number;
  paymentMethods: string[];
  refusal: string | null;
}
interface Detail {
  applicationId: number;
  number: string;
  type: string;
  state: string;
  amount: number;
  order: { orderId: number; amount: number; status: string } | null;
}

// Renewals change the demo's members (the one in grace is renewed), so they run on a server and
// database of their own.
describe('renewing a membership', () => {
  const suite = ownServerSuite();
  const { as } = suite;

  it('lets a member in grace pay the next term, by ATM code, and adds the term when the payment arrives', async () => {
    const grace = await as('grace@example.org', 'Grace2026demo');
    const offer = (await grace.call<Offer>('/api/amsw0402/extension')).data;
    expect(offer).toMatchObject({ status: 'inGrace', refusal: null, amount: 300 });
    // The ways the portal takes (the demo's gateway simulator takes them all), named on the page too.
    expect(offer.paymentMethods).toEqual(['card', 'webAtm', 'atm', 'store', 'transfer']);
    // The next term follows the unpaid one with no gap (the student class runs twelve months).
    const day = new Date(`${offer.termEnd}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 1);
    expect(offer.next!.start).toBe(day.toISOString().slice(0, 10));
    const apply = await grace.page('/member/extension/apply');
    expect(apply.status).toBe(200);
    expect(apply.html).toContain('寬限期');
    expect(apply.html).toContain('續會並前往繳費');
    expect(apply.html).toContain('下一頁可選擇信用卡、網路 ATM、ATM 轉帳、超商代碼或銀行匯款繳費');

    const sent = await grace.call<Detail>('/api/amsw0402/extension', { method: 'POST' });
    expect(sent.code).toBe(0);
    expect(sent.data).toMatchObject({
      type: 'extension',
      state: 'awaitingPayment',
      amount: 300,
      order: { amount: 300, status: 'pending' },
    });
    // Twice (a second tab, a double click): refused, one order only.
    expect((await grace.call('/api/amsw0402/extension', { method: 'POST' })).code).toBe(-13);
    expect((await grace.call<Offer>('/api/amsw0402/extension')).data.refusal).toBe('applicationOpen');
    const result = await grace.page(`/en-us/member/extension/result?applicationId=${sent.data.applicationId}`);
    expect(result.status).toBe(200);
    expect(result.html).toContain('Awaiting payment');
    expect(result.html).toContain('Pay now');
    // A flow's page shows its own applications only, and only the flows there are.
    expect((await grace.page(`/member/quit/result?applicationId=${sent.data.applicationId}`)).status).toBe(404);
    expect((await grace.page(`/member/nothing/result?applicationId=${sent.data.applicationId}`)).status).toBe(404);
    expect((await grace.page('/member/extension/result?applicationId=9999999999')).status).toBe(404);
    expect((await grace.page('/member/extension/return?orderId=abc')).status).toBe(404);

    // Paid by an ATM transfer: the code first, the money later.
    const form = await grace.call<{ fields: Record<string, string> }>('/api/amsw0501/pay', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ orderId: sent.data.order!.orderId }),
    });
    const { merchantOrderNo } = hiddenFields((await simulatorPage(form.data.fields, suite.server.url)).html);
    const onward = await simulatorPage({ merchantOrderNo: merchantOrderNo!, simulatorAction: 'atm' }, suite.server.url);
    const back = await fetch(suite.server.url + '/api/amsw0501/newebpay/customer?lang=zh-tw', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://ccore.newebpay.com' },
      body: new URLSearchParams(hiddenFields(onward.html)),
      redirect: 'manual',
    });
    expect(back.headers.get('location')).toBe(
      `/member/extension/return?orderId=${sent.data.order!.orderId}&attempt=${merchantOrderNo}`,
    );
    const waiting = await grace.page(back.headers.get('location')!);
    expect(waiting.status).toBe(200);
    expect(waiting.html).toContain('822');
    // Another flow's return page does not show the renewal's order.
    expect((await grace.page(`/member/quit/return?orderId=${sent.data.order!.orderId}`)).status).toBe(404);
    expect((await grace.call<Offer>('/api/amsw0402/extension')).data).toMatchObject({
      status: 'inGrace',
      termEnd: offer.termEnd,
    });

    await simulatorPage({ merchantOrderNo: merchantOrderNo!, simulatorAction: 'payCode' }, suite.server.url);
    const after = (await grace.call<Offer>('/api/amsw0402/extension')).data;
    expect(after).toMatchObject({ status: 'active', termEnd: offer.next!.end });
    const done = (await grace.call<Detail>(`/api/amsw0401/application?applicationId=${sent.data.applicationId}`)).data;
    expect(done).toMatchObject({ state: 'effective', order: { status: 'paid' } });
    expect(
      (
        await mailWithSubject(
          'grace@example.org',
          '已生效',
          5000,
          suite.server.mailed(`/member/extension/result?applicationId=${sent.data.applicationId}`),
        )
      ).text,
    ).toContain('會籍續約');
    // The term just paid cannot be paid again.
    expect((await grace.call('/api/amsw0402/extension', { method: 'POST' })).code).toBe(-10);
  });

  it('says why a member cannot renew, and refuses the renewal', async () => {
    for (const [email, password, refusal] of [
      ['lapsed@example.org', 'Lapsed2026demo', 'tooLate'],
      ['paused@example.org', 'Paused2026demo', 'paused'],
      ['former@example.org', 'Former2026demo', 'leaving'],
      ['reviewer@example.org', 'Reviewer2026demo', 'life'],
    ] as const) {
      const member = await as(email, password);
      expect((await member.call<Offer>('/api/amsw0402/extension')).data.refusal, email).toBe(refusal);
      expect((await member.call('/api/amsw0402/extension', { method: 'POST' })).code, email).toBe(-10);
    }
    const lapsed = await as('lapsed@example.org', 'Lapsed2026demo');
    expect((await lapsed.page('/en-us/member/extension/apply')).html).toContain('The grace period ended on');
    // Not a member: nothing to renew, and the page sends a web user to their own area.
    const webUser = await as('webuser@example.org', 'Webuser2026demo');
    expect((await webUser.call('/api/amsw0402/extension')).code).toBe(-6);
    expect((await webUser.call('/api/amsw0402/extension', { method: 'POST' })).code).toBe(-10);
    expect((await webUser.page('/member/extension/apply')).location).toBe('/webUser/center');
  });
});
