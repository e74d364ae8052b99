import { describe, expect, it } from 'vitest';
import { taipeiDate } from '../../src/lib/calendar-date';
import { decryptTradeInfo } from '../../src/server/integrations/newebpay/crypto';
import { api, baseUrl, json, signIn, signUpIndividual } from './helpers';
import { bearer, joinStudent } from './membership-helpers';
import { gatewayPost, keys, paid } from './simulator-helpers';

interface Order {
  orderId: number;
  number: string;
  amount: number;
  status: string;
}
interface Detail {
  applicationId: number;
  state: string;
  order: Order | null;
}
interface Unapplied {
  paymentId: number;
  orderId: number;
  orderNumber: string;
  orderStatus: string;
  orderAmount: number;
  amount: number;
  method: string;
  tradeNo: string | null;
  reason: string;
  payerKind: string;
  payerEmail: string;
  pendingOrders: { orderId: number; orderNumber: string }[];
}

/** A gateway attempt on an order: its MerchantOrderNo. */
async function startPayment(auth: Record<string, string>, orderId: number, cancelCode = false): Promise<string> {
  const res = await api<{ fields: Record<string, string> }>('/api/amsw0501/pay', {
    method: 'POST',
    ...json(cancelCode ? { orderId, cancelCode } : { orderId }, auth),
  });
  if (res.body.code !== 0) throw new Error(JSON.stringify(res.body));
  return new URLSearchParams(decryptTradeInfo(res.body.data.fields.TradeInfo!, keys())!).get('MerchantOrderNo')!;
}

async function notify(body: URLSearchParams) {
  const res = await fetch(`${baseUrl()}/api/amsw0501/newebpay/notify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
  });
  return { status: res.status, body: (await res.json()) as { code: number; data: { outcome: string } | null } };
}

/**
 * A web user whose card payment arrived after they withdrew the application (its order closed
 * first), who then applied again (a new order of the same amount, pending) and paid that one
 * through the gateway with another amount than the order's: two sums not applied.
 */
async function moneyNotApplied() {
  const person = await signUpIndividual();
  const auth = await bearer(person.email, person.password);
  const first = await joinStudent(auth);
  const late = await startPayment(auth, first.order!.orderId);
  const withdrawn = await api<Detail>('/api/amsw0401/cancel', {
    method: 'POST',
    ...json({ applicationId: first.applicationId }, auth),
  });
  expect(withdrawn.body.data).toMatchObject({ state: 'cancelled', order: { status: 'cancelled' } });
  expect(await notify(gatewayPost(paid(late, 300)))).toMatchObject({
    status: 200,
    body: { code: 0, data: { outcome: 'surplus' } },
  });
  const second = await joinStudent(auth);
  const wrong = await startPayment(auth, second.order!.orderId);
  // Signed by the gateway, paid, but not the order's amount: kept, never applied to the order.
  expect(await notify(gatewayPost(paid(wrong, 30)))).toMatchObject({
    status: 200,
    body: { code: 0, data: { outcome: 'surplus' } },
  });
  const after = await api<Detail>(`/api/amsw0401/application?applicationId=${second.applicationId}`, {
    headers: auth,
  });
  expect(after.body.data).toMatchObject({ state: 'awaitingPayment', order: { status: 'pending' } });
  return { ...person, auth, first, second, late, wrong };
}

async function surplusList(auth: Record<string, string>, lang: 'zh-tw' | 'en-us' = 'zh-tw') {
  return api<{ surplusList: Unapplied[] }>('/api/amsw0502/surplus', { headers: auth, lang });
}

async function settle(auth: Record<string, string>, body: Record<string, unknown>) {
  return (
    await api<{ outcome: string; orderNumber: string; appliedOrderNumber: string | null; reason?: string }>(
      '/api/amsw0502/surplus/settle',
      { method: 'POST', ...json(body, auth), lang: 'en-us' },
    )
  ).body;
}

describe('money that arrived and was not applied', () => {
  it('is listed for the finance office with what to do, and shown to the payer; nobody else lists it', async () => {
    const payer = await moneyNotApplied();
    const finance = await bearer('finance@example.org', 'Finance2026demo');
    const list = await surplusList(finance, 'en-us');
    expect(list.body.code).toBe(0);
    const closed = list.body.data.surplusList.find((s) => s.orderId === payer.first.order!.orderId);
    expect(closed).toMatchObject({
      orderNumber: payer.first.order!.number,
      orderStatus: 'cancelled',
      amount: 300,
      orderAmount: 300,
      method: 'CREDIT',
      tradeNo: `T${payer.late.replace(/\W/g, '')}`,
      reason: 'orderClosed',
      payerKind: 'individual',
      payerEmail: payer.email,
      // It may pay the payer's new order of the same amount instead of being refunded.
      pendingOrders: [{ orderId: payer.second.order!.orderId, orderNumber: payer.second.order!.number }],
    });
    const mismatch = list.body.data.surplusList.find((s) => s.orderId === payer.second.order!.orderId);
    expect(mismatch).toMatchObject({
      amount: 30,
      orderAmount: 300,
      orderStatus: 'pending',
      reason: 'amountMismatch',
      pendingOrders: [],
    });

    // The finance page, in both languages, with the count of what waits and what to do.
    const { cookie } = await signIn('finance@example.org', 'Finance2026demo');
    const read = async (path: string) =>
      (await fetch(`${baseUrl()}${path}`, { headers: { Cookie: cookie }, redirect: 'manual' })).text();
    // The list is the money desk's in the staff console; the transfers page counts it and links there.
    const en = await read('/en-us/staff/money/surplus');
    const section = en.slice(en.indexOf('id="surplus-queue"'));
    for (const text of [
      'Waiting to be settled',
      payer.first.order!.number,
      `Apply it to order ${payer.second.order!.number}`,
      'the order was cancelled or had expired',
      'it is not the order’s amount',
      'Refund it: the payer has no pending order of this amount.',
      payer.email,
    ])
      expect(section).toContain(text);
    const transfers = await read('/en-us/member/remittances');
    expect(transfers).toMatch(/reported transfers and \d+ payments not applied/);
    expect(transfers).toContain('/en-us/staff/money/surplus');
    const count = Number(/id="surplus-queue"[^]*?<span class="badge badge-info">(\d+)<\/span>/.exec(en)![1]);
    expect(count).toBe(list.body.data.surplusList.length);
    const zh = await read('/staff/money/surplus');
    expect(zh).toContain('待處理');
    expect(zh).toContain('訂單已取消或逾期');

    // The payer reads on the payments page what became of each sum, and the return page says so.
    const own = await signIn(payer.email, payer.password);
    const payments = await (
      await fetch(`${baseUrl()}/en-us/member/payment`, { headers: { Cookie: own.cookie } })
    ).text();
    expect(payments).toContain('Arrived after the order closed; the society refunds it or applies it to another order');
    expect(payments).toContain('Not the order’s amount, so not applied; the society refunds it');
    const back = await (
      await fetch(`${baseUrl()}/en-us/signinReturn?orderId=${payer.second.order!.orderId}&attempt=${payer.wrong}`, {
        headers: { Cookie: own.cookie },
      })
    ).text();
    expect(back).toContain('This payment was received but could not be applied to this order');

    // Nobody else lists or settles it: the payer, a reviewer, an organisation; the page tells them
    // it is the finance office's, and shows none of it.
    for (const who of [payer.auth, await bearer('reviewer@example.org', 'Reviewer2026demo')]) {
      expect((await surplusList(who)).body.code).toBe(-11);
      expect((await settle(who, { paymentId: closed!.paymentId, outcome: 'other', note: 'mine' })).code).toBe(-11);
    }
    const organ = await signIn('organ@example.org', 'Organ2026demo', 'organ');
    expect((await surplusList({ Authorization: `Bearer ${organ.token}` })).body.code).toBe(-11);
    const away = await fetch(`${baseUrl()}/en-us/member/remittances`, {
      headers: { Cookie: own.cookie },
      redirect: 'manual',
    });
    expect(away.status).toBe(403);
    const page = await away.text();
    expect(page).toContain('This page is for the finance office.');
    expect(page).not.toContain(closed!.orderNumber);
    expect((await surplusList({})).body.code).toBe(-9);
  });

  it('records finance’s outcome once, with who and when: refunded, or applied to a pending order of the payer', async () => {
    const payer = await moneyNotApplied();
    const finance = await bearer('finance@example.org', 'Finance2026demo');
    const mine = (await surplusList(finance)).body.data.surplusList.filter((s) => s.payerEmail === payer.email);
    const closed = mine.find((s) => s.reason === 'orderClosed')!;
    const mismatch = mine.find((s) => s.reason === 'amountMismatch')!;

    // What each outcome needs.
    expect(await settle(finance, { paymentId: mismatch.paymentId, outcome: 'refunded' })).toMatchObject({
      code: -10,
      data: { fields: ['reference'] },
    });
    expect(await settle(finance, { paymentId: mismatch.paymentId, outcome: 'other', note: ' ' })).toMatchObject({
      code: -10,
      data: { fields: ['note'] },
    });
    expect(await settle(finance, { paymentId: closed.paymentId, outcome: 'applied' })).toMatchObject({
      code: -10,
      data: { fields: ['orderId'] },
    });
    // Applied only to a pending order of the same payer for the same amount.
    const stranger = await signUpIndividual();
    const theirs = await joinStudent(await bearer(stranger.email, stranger.password));
    for (const orderId of [theirs.order!.orderId, payer.first.order!.orderId])
      expect(await settle(finance, { paymentId: closed.paymentId, outcome: 'applied', orderId })).toMatchObject({
        code: -10,
        data: { fields: ['orderId'] },
      });
    expect(
      await settle(finance, {
        paymentId: mismatch.paymentId,
        outcome: 'applied',
        orderId: payer.second.order!.orderId,
      }),
    ).toMatchObject({ code: -10, data: { fields: ['orderId'] } });
    expect((await settle(finance, { paymentId: 2_000_000_000, outcome: 'other', note: 'x' })).code).toBe(-6);

    // Refunded: two records at the same moment, one is kept and the other refused.
    const refunds = await Promise.all(
      ['RF-1', 'RF-2'].map((reference) =>
        settle(finance, { paymentId: mismatch.paymentId, outcome: 'refunded', reference }),
      ),
    );
    expect(refunds.map((r) => r.code).sort()).toEqual([-10, 0]);
    expect(refunds.find((r) => r.code === 0)).toMatchObject({
      data: { outcome: 'refunded', orderNumber: payer.second.order!.number, appliedOrderNumber: null },
    });
    expect(refunds.find((r) => r.code === -10)).toMatchObject({
      data: { reason: 'surplusSettled' },
      message: 'This money has already been settled',
    });

    // Applied to the payer's pending order: that order is paid, and its application in effect.
    const applied = await settle(finance, {
      paymentId: closed.paymentId,
      outcome: 'applied',
      orderId: payer.second.order!.orderId,
      note: 'Paid after withdrawing; applied to the new application.',
    });
    expect(applied).toMatchObject({
      code: 0,
      data: { outcome: 'applied', appliedOrderNumber: payer.second.order!.number },
    });
    const joined = await api<Detail & { history: { event: string; by: string }[] }>(
      `/api/amsw0401/application?applicationId=${payer.second.applicationId}`,
      { headers: payer.auth },
    );
    expect(joined.body.data).toMatchObject({ state: 'effective', order: { status: 'paid' } });
    expect(joined.body.data.history.filter((h) => h.event === 'pay')).toEqual([
      expect.objectContaining({ by: 'finance' }),
    ]);
    // Once only: a second outcome is refused and changes nothing.
    expect(await settle(finance, { paymentId: closed.paymentId, outcome: 'other', note: 'again' })).toMatchObject({
      code: -10,
      data: { reason: 'surplusSettled' },
    });
    const left = (await surplusList(finance)).body.data.surplusList.filter((s) => s.payerEmail === payer.email);
    expect(left).toEqual([]);
    // The payer reads what became of both sums.
    const own = await signIn(payer.email, payer.password);
    const page = await (await fetch(`${baseUrl()}/en-us/member/payment`, { headers: { Cookie: own.cookie } })).text();
    expect(page).toContain('Refunded by the society');
    expect(page).toContain(`Applied to order ${payer.second.order!.number}`);
  });

  it('keeps money paid on a cancelled ATM code, and finance may apply it to the order still unpaid', async () => {
    const person = await signUpIndividual();
    const auth = await bearer(person.email, person.password);
    const app = await joinStudent(auth);
    const { orderId } = app.order!;
    const atm = await startPayment(auth, orderId);
    const lastDay = new Date(Date.now() + 8 * 3_600_000 + 3 * 86_400_000).toISOString().slice(0, 10);
    const code = paid(atm, 300, {
      PaymentType: 'VACC',
      BankCode: '822',
      CodeNo: '55509876543210',
      ExpireDate: lastDay,
    });
    const issued = await fetch(`${baseUrl()}/api/amsw0501/newebpay/customer?lang=en-us`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: gatewayPost({ ...code, PayTime: undefined }),
      redirect: 'manual',
    });
    expect(issued.status).toBe(303);
    // The member cancels the code to pay by card, and leaves the card page without paying…
    await startPayment(auth, orderId, true);
    // …then transfers to the cancelled account anyway: the money is kept, not applied.
    expect(await notify(gatewayPost(code))).toMatchObject({ status: 200, body: { data: { outcome: 'surplus' } } });
    const finance = await bearer('finance@example.org', 'Finance2026demo');
    const entry = (await surplusList(finance)).body.data.surplusList.find((s) => s.orderId === orderId);
    expect(entry).toMatchObject({
      reason: 'codeCancelled',
      method: 'VACC',
      orderStatus: 'pending',
      pendingOrders: [{ orderId, orderNumber: app.order!.number }],
    });
    const { cookie } = await signIn('finance@example.org', 'Finance2026demo');
    const page = await (await fetch(`${baseUrl()}/en-us/staff/money/surplus`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain('it was paid on an ATM or store code the payer had cancelled');
    expect(
      await settle(finance, {
        paymentId: entry!.paymentId,
        outcome: 'applied',
        orderId,
        note: 'Paid on the old code.',
      }),
    ).toMatchObject({ code: 0, data: { outcome: 'applied', appliedOrderNumber: app.order!.number } });
    const after = await api<Detail>(`/api/amsw0401/application?applicationId=${app.applicationId}`, {
      headers: auth,
    });
    expect(after.body.data).toMatchObject({ state: 'effective', order: { status: 'paid' } });
  });

  it('warns a transfer report about an open code, cancels the code when finance confirms, and keeps its later money to refund', async () => {
    const person = await signUpIndividual();
    const auth = await bearer(person.email, person.password);
    const app = await joinStudent(auth);
    const { orderId, number } = app.order!;
    const atm = await startPayment(auth, orderId);
    const lastDay = new Date(Date.now() + 8 * 3_600_000 + 3 * 86_400_000).toISOString().slice(0, 10);
    const code = paid(atm, 300, {
      PaymentType: 'VACC',
      BankCode: '822',
      CodeNo: '55501234567890',
      ExpireDate: lastDay,
    });
    const issued = await fetch(`${baseUrl()}/api/amsw0501/newebpay/customer?lang=en-us`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: gatewayPost({ ...code, PayTime: undefined }),
      redirect: 'manual',
    });
    expect(issued.status).toBe(303);

    // The member pays by bank transfer instead and reports it: told first, as "Pay now" tells.
    const report = { orderId, transferDate: taipeiDate(), amount: 300, accountLast5: '13579' };
    const warned = await api('/api/amsw0501/remittance', { method: 'POST', ...json(report, auth), lang: 'en-us' });
    expect(warned.body).toMatchObject({ code: -10, data: { reason: 'codeOpen' } });
    expect(warned.body.message).toContain('do not pay the code too');
    const reported = await api<{ remittanceId: number }>('/api/amsw0501/remittance', {
      method: 'POST',
      ...json({ ...report, despiteCode: true }, auth),
    });
    expect(reported.body.code).toBe(0);

    // Finance sees that the order has an open code, on the list and on the desk.
    const finance = await bearer('finance@example.org', 'Finance2026demo');
    const queue = await api<{ remittanceList: { remittanceId: number; openCode: unknown }[] }>(
      '/api/amsw0502/remittances',
      { headers: finance },
    );
    expect(
      queue.body.data.remittanceList.find((r) => r.remittanceId === reported.body.data.remittanceId),
    ).toMatchObject({ openCode: { paymentType: 'VACC', bankCode: '822', codeNo: '55501234567890' } });
    const { cookie } = await signIn('finance@example.org', 'Finance2026demo');
    const desk = await (await fetch(`${baseUrl()}/en-us/member/remittances`, { headers: { Cookie: cookie } })).text();
    expect(desk).toContain('This order also has an open ATM code');

    const confirmed = await api<{ outcome: string }>('/api/amsw0502/remittances/decide', {
      method: 'POST',
      ...json({ remittanceId: reported.body.data.remittanceId, decision: 'confirm' }, finance),
    });
    expect(confirmed.body).toMatchObject({ code: 0, data: { outcome: 'applied' } });
    // The code is no longer shown to pay: the order is paid once, by the transfer.
    const member = await signIn(person.email, person.password);
    const page = await (
      await fetch(`${baseUrl()}/en-us/member/payment`, { headers: { Cookie: member.cookie } })
    ).text();
    expect(page).not.toContain('55501234567890');

    // The member pays the code anyway: kept, not applied, flagged for finance to refund.
    expect(await notify(gatewayPost(code))).toMatchObject({ status: 200, body: { data: { outcome: 'surplus' } } });
    expect(await notify(gatewayPost(code))).toMatchObject({ status: 200, body: { data: { outcome: 'duplicate' } } });
    const entries = (await surplusList(finance)).body.data.surplusList.filter((s) => s.orderId === orderId);
    expect(entries).toEqual([
      expect.objectContaining({ reason: 'codeAfterTransfer', method: 'VACC', orderStatus: 'paid', amount: 300 }),
    ]);
    const surplusPage = await (
      await fetch(`${baseUrl()}/en-us/staff/money/surplus`, { headers: { Cookie: cookie } })
    ).text();
    expect(surplusPage).toContain('after a bank transfer paid the order');
    const detail = await api<Detail & { history: { event: string }[] }>(
      `/api/amsw0401/application?applicationId=${app.applicationId}`,
      { headers: auth },
    );
    expect(detail.body.data).toMatchObject({ state: 'effective', order: { number, status: 'paid' } });
    expect(detail.body.data.history.filter((h) => h.event === 'pay')).toHaveLength(1);
  });
});
