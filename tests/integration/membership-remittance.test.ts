import { describe, expect, it } from 'vitest';
import { addDays, taipeiDate } from '../../src/lib/calendar-date';
import { mailWithSubject } from './helpers';
import { ownServerSuite } from './own-server';
import { statementsOf } from './statement-log';

interface Detail {
  applicationId: number;
  state: string;
  history: { event: string; by: string }[];
  order: { orderId: number; number: string; amount: number; status: string } | null;
}
interface Reported {
  remittanceId: number;
  orderId: number;
  orderNumber: string;
  amountDue: number;
  amount: number;
  transferDate: string;
  accountLast5: string;
  payerName: string;
}

// Bank transfers change the demo's members (a class change paid, a renewal), and the gateway's
// limit is lowered below the life fee, so they run on a server and database of their own.
describe('paying by bank transfer', () => {
  const suite = ownServerSuite({ LOG_LEVEL: 'info' }, { newebpayTradeLimit: '20000' });
  const { as } = suite;
  const today = taipeiDate();

  /** The demo's regular member applies to become a life member and the reviewer approves: NT$28,500 due. */
  async function lifeUpgradeDue(member: Awaited<ReturnType<typeof as>>) {
    const offer = (
      await member.call<{ options: { cls: { memberClassId: number; code: string }; fee: number }[] }>(
        '/api/amsw0402/upgrade',
      )
    ).data;
    const life = offer.options.find((o) => o.cls.code === 'life')!;
    expect(life.fee).toBe(28_500);
    const fileId = await suite.upload(member);
    const sent = await member.post<Detail>('/api/amsw0402/upgrade', {
      memberClassId: life.cls.memberClassId,
      documents: [{ key: 'licence', fileId }],
      agreeTerms: true,
    });
    expect(sent.code).toBe(0);
    await suite.decide('membership', sent.data.applicationId);
    const approved = (await member.call<Detail>(`/api/amsw0401/application?applicationId=${sent.data.applicationId}`))
      .data;
    expect(approved).toMatchObject({ state: 'awaitingPayment', order: { amount: 28_500, status: 'pending' } });
    return approved;
  }

  it('takes a reported transfer over the gateway’s limit, and finance confirms it once', async () => {
    const member = await as('member@example.org', 'Member2026demo');
    const app = await lifeUpgradeDue(member);
    const order = app.order!;

    // Over the limit the gateway is refused; the payments page offers the transfer instead.
    const gatewayTry = await member.post('/api/amsw0501/pay', { orderId: order.orderId });
    expect(gatewayTry).toMatchObject({ code: -10, data: { reason: 'remittanceOnly' } });
    const offered = await member.page('/en-us/member/payment');
    expect(offered.status).toBe(200);
    expect(offered.html).toContain('Amounts over NT$20,000 cannot be paid online');
    expect(offered.html).toContain('Bank of Taiwan, Gongguan Branch');
    expect(offered.html).toContain(`write the order number ${order.number}`);
    expect(offered.html).toContain('Last five digits of the paying account');
    expect(offered.html).not.toContain('>Pay now<');
    // In Chinese too (the browser test reports a transfer in English): the account and the form.
    const offeredZh = (await member.page('/member/payment')).html;
    for (const text of ['臺灣銀行 公館分行', '匯款日期', '匯款帳號末五碼', '回報匯款'])
      expect(offeredZh).toContain(text);

    // Bad reports change nothing, each with its code.
    const good = { orderId: order.orderId, transferDate: today, amount: 28_500, accountLast5: '01234' };
    const refusals: [Record<string, unknown>, number, string[] | null][] = [
      [{ ...good, transferDate: addDays(today, 1) }, -10, ['transferDate']],
      [{ ...good, transferDate: addDays(today, -1) }, -10, ['transferDate']], // before the order was made
      [{ ...good, transferDate: '2026-13-01' }, -5, ['transferDate']],
      [{ ...good, accountLast5: '1234' }, -10, ['accountLast5']],
      [{ ...good, accountLast5: '12a45' }, -10, ['accountLast5']],
      [{ ...good, amount: 28_000 }, -10, ['amount']],
      [{ ...good, amount: 28_500.5 }, -10, ['amount']],
      [{ orderId: order.orderId, transferDate: today, amount: 28_500 }, -2, ['accountLast5']],
    ];
    for (const [body, code, fields] of refusals) {
      const answer = await member.post('/api/amsw0501/remittance', body);
      expect(answer.code, JSON.stringify(body)).toBe(code);
      if (fields) expect(answer.data, JSON.stringify(body)).toMatchObject({ fields });
    }
    const notJson = await member.call('/api/amsw0501/remittance', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"orderId":',
    });
    expect(notJson.code).toBe(-1);
    // Someone else's order is unknown to them.
    const other = await as('status-reviewer@example.org', 'Status2026demo');
    expect((await other.post('/api/amsw0501/remittance', good)).code).toBe(-6);

    // Before the report the centre asks for the payment.
    expect((await member.page('/en-us/member/center')).html).toContain('1 payment due: NT$28,500.');
    const reported = await member.post<{ remittanceId: number; status: string }>('/api/amsw0501/remittance', good);
    expect(reported).toMatchObject({ code: 0, data: { status: 'reported', amount: 28_500, accountLast5: '01234' } });
    // One report waits per order.
    expect((await member.post('/api/amsw0501/remittance', { ...good, accountLast5: '99999' })).code).toBe(-13);
    const waiting = await member.page('/en-us/member/payment');
    expect(waiting.html).toContain('It is awaiting confirmation by the finance office');
    expect(waiting.html).toContain('Transfer reported');
    expect(waiting.html).not.toContain('Last five digits of the paying account');
    expect((await member.page('/member/payment')).html).toContain('待財務確認中');
    // The centre and the header no longer ask to pay: the transfer waits for finance.
    const centre = await member.page('/en-us/member/center');
    expect(centre.html).toContain(
      'Your reported bank transfer (NT$28,500) is waiting for the finance office to confirm it; there is nothing more to pay.',
    );
    expect(centre.html).not.toContain('payment due');
    expect(centre.html).not.toContain('>Pay now<');
    expect((await member.page('/member/center')).html).toContain('您回報的 1 筆匯款（新臺幣 28,500 元）正等候財務確認');
    // The application no longer asks to pay by a date: it says the transfer waits for finance.
    const applied = await member.page(`/en-us/member/upgradeResult?applicationId=${app.applicationId}`);
    expect(applied.html).toContain('Your bank transfer is reported and awaits confirmation by the finance office');
    expect(applied.html).not.toContain('Please pay by the due date');
    expect(applied.html).not.toContain('>Pay now<');

    // Only the finance office sees the queue and decides, checked on every call.
    expect((await member.call('/api/amsw0502/remittances')).code).toBe(-11);
    expect(
      (
        await member.post('/api/amsw0502/remittances/decide', {
          remittanceId: reported.data.remittanceId,
          decision: 'confirm',
        })
      ).code,
    ).toBe(-11);
    // The page says why, with 403, as every review page does (no silent redirect).
    const away = await member.page('/en-us/member/remittances');
    expect(away.status).toBe(403);
    expect(away.html).toContain('This page is for the finance office.');
    expect(away.html).not.toContain('Reported transfers');
    const awayZh = await member.page('/member/remittances');
    expect(awayZh.status).toBe(403);
    expect(awayZh.html).toContain('此頁面僅供財務人員使用。');
    expect((await member.page('/en-us/member/center')).html).not.toContain('/member/remittances');

    const finance = await as('finance@example.org', 'Finance2026demo');
    const queue = await finance.call<{ remittanceList: Reported[] }>('/api/amsw0502/remittances');
    expect(queue.code).toBe(0);
    const entry = queue.data.remittanceList.find((r) => r.remittanceId === reported.data.remittanceId)!;
    expect(entry).toMatchObject({
      orderNumber: order.number,
      amountDue: 28_500,
      amount: 28_500,
      transferDate: today,
      accountLast5: '01234',
    });
    const desk = await finance.page('/en-us/member/remittances');
    expect(desk.status).toBe(200);
    // The statement budget with a transfer waiting: the session and the queue in one statement;
    // the member's payments page, the session and the orders with their reports.
    expect(await statementsOf(suite.server, '/en-us/member/remittances', { Cookie: finance.cookie })).toBe(3);
    expect(await statementsOf(suite.server, '/api/amsw0502/remittances', { Cookie: finance.cookie })).toBe(2);
    expect(await statementsOf(suite.server, '/en-us/member/payment', { Cookie: member.cookie })).toBe(2);
    expect(desk.html).toContain(order.number);
    expect(desk.html).toContain('01234');
    expect(desk.html).toContain('href="/en-us/member/remittances"');
    const deskZh = await finance.page('/member/remittances');
    expect(deskZh.html).toContain(order.number);
    expect(deskZh.html).toContain('回報的匯款');
    expect(deskZh.html).toMatch(/待財務處理：回報的匯款 \d+ 筆/);

    // A rejection needs a note; the member reads it and reports again.
    const remittanceId = reported.data.remittanceId;
    expect(
      await finance.post('/api/amsw0502/remittances/decide', { remittanceId, decision: 'reject', note: '  ' }),
    ).toMatchObject({ code: -10, data: { fields: ['note'] } });
    expect(
      (await finance.post('/api/amsw0502/remittances/decide', { remittanceId: 999_999, decision: 'confirm' })).code,
    ).toBe(-6);
    const rejected = await finance.post('/api/amsw0502/remittances/decide', {
      remittanceId,
      decision: 'reject',
      note: 'No transfer from an account ending 01234 has arrived.',
    });
    expect(rejected).toMatchObject({ code: 0, data: { outcome: 'rejected', orderNumber: order.number } });
    expect((await finance.post('/api/amsw0502/remittances/decide', { remittanceId, decision: 'confirm' })).code).toBe(
      -10,
    );
    await mailWithSubject(
      'member@example.org',
      '您回報的匯款未能確認',
      5000,
      'No transfer from an account ending 01234',
    );
    const told = await member.page('/en-us/member/payment');
    expect(told.html).toContain('could not be confirmed');
    expect(told.html).toContain('No transfer from an account ending 01234 has arrived.');
    expect(told.html).toContain('Last five digits of the paying account');
    expect((await member.call<Detail>(`/api/amsw0401/application?applicationId=${app.applicationId}`)).data.state).toBe(
      'awaitingPayment',
    );

    const again = await member.post<{ remittanceId: number }>('/api/amsw0501/remittance', {
      ...good,
      accountLast5: '56789',
    });
    expect(again.code).toBe(0);
    const confirmed = await finance.post('/api/amsw0502/remittances/decide', {
      remittanceId: again.data.remittanceId,
      decision: 'confirm',
    });
    expect(confirmed).toMatchObject({ code: 0, data: { outcome: 'applied' } });

    // Paid, in effect: the member is a life member now, told by mail.
    const done = (await member.call<Detail>(`/api/amsw0401/application?applicationId=${app.applicationId}`)).data;
    expect(done).toMatchObject({ state: 'effective', order: { status: 'paid' } });
    expect(done.history.filter((h) => h.event === 'pay')).toEqual([expect.objectContaining({ by: 'finance' })]);
    expect((await member.call<{ className: string }>('/api/amsw0402/upgrade')).data.className).toBe('永久會員');
    const mail = await mailWithSubject('member@example.org', '已確認您的匯款', 5000, order.number);
    // Its link is on the configured origin (here the listening port's), never the request's host.
    expect(mail.text).toMatch(/http:\/\/localhost:\d+\/member\/payment/);
    expect(mail.text).not.toContain('127.0.0.1');
    const paidPage = await member.page('/en-us/member/payment');
    const history = paidPage.html.slice(paidPage.html.indexOf('id="history"'));
    expect(history).toContain('Bank transfer');
    expect(history).toMatch(/R\d{4}-\d{6}/);
    expect(paidPage.html).toContain('Nothing is due');

    // Confirming again, or reporting on a paid order, changes nothing.
    expect(
      (
        await finance.post('/api/amsw0502/remittances/decide', {
          remittanceId: again.data.remittanceId,
          decision: 'confirm',
        })
      ).code,
    ).toBe(-10);
    expect(await member.post('/api/amsw0501/remittance', { ...good, accountLast5: '11111' })).toMatchObject({
      code: -10,
      data: { reason: 'orderNotPayable' },
    });
    const after = (await member.call<Detail>(`/api/amsw0401/application?applicationId=${app.applicationId}`)).data;
    expect(after.history.filter((h) => h.event === 'pay')).toHaveLength(1);
    const left = await finance.call<{ remittanceList: Reported[] }>('/api/amsw0502/remittances');
    expect(left.data.remittanceList.filter((r) => r.orderId === order.orderId)).toEqual([]);
  });

  it('leaves a finance account’s own transfer to another finance account', async () => {
    const finance = await as('finance@example.org', 'Finance2026demo');
    const order = (await lifeUpgradeDue(finance)).order!;
    const reported = await finance.post<{ remittanceId: number }>('/api/amsw0501/remittance', {
      orderId: order.orderId,
      transferDate: today,
      amount: order.amount,
      accountLast5: '97531',
    });
    expect(reported.code).toBe(0);
    const queue = await finance.call<{ remittanceList: (Reported & { own: boolean })[] }>('/api/amsw0502/remittances');
    expect(queue.data.remittanceList.find((r) => r.remittanceId === reported.data.remittanceId)).toMatchObject({
      own: true,
    });
    const own = await finance.post('/api/amsw0502/remittances/decide', {
      remittanceId: reported.data.remittanceId,
      decision: 'confirm',
    });
    expect(own.code).toBe(-11);
    const desk = await finance.page('/en-us/member/remittances');
    expect(desk.html).toContain('Your own transfer: another finance account confirms it.');
  });

  it('keeps a confirmed transfer for an order the gateway paid meanwhile as surplus, and says so', async () => {
    const grace = await as('grace@example.org', 'Grace2026demo');
    const sent = await grace.call<Detail>('/api/amsw0402/extension', { method: 'POST' });
    expect(sent.code).toBe(0);
    const order = sent.data.order!;
    // Under the limit the member may still choose a transfer.
    expect((await grace.page('/en-us/member/payment')).html).toContain('Pay by bank transfer instead');
    const reported = await grace.post<{ remittanceId: number }>('/api/amsw0501/remittance', {
      orderId: order.orderId,
      transferDate: today,
      amount: order.amount,
      accountLast5: '24680',
    });
    expect(reported.code).toBe(0);
    // …and then pays by card anyway.
    await suite.payByCard(grace, order.orderId);
    const paid = (await grace.call<Detail>(`/api/amsw0401/application?applicationId=${sent.data.applicationId}`)).data;
    expect(paid.order!.status).toBe('paid');

    const finance = await as('finance@example.org', 'Finance2026demo');
    const desk = await finance.page('/en-us/member/remittances');
    expect(desk.html).toContain('Order already paid');
    const decided = await finance.post('/api/amsw0502/remittances/decide', {
      remittanceId: reported.data.remittanceId,
      decision: 'confirm',
    });
    expect(decided).toMatchObject({ code: 0, data: { outcome: 'surplus' } });
    const history = (await grace.call<Detail>(`/api/amsw0401/application?applicationId=${sent.data.applicationId}`))
      .data.history;
    expect(history.filter((h) => h.event === 'pay')).toHaveLength(1);
    const page = await grace.page('/en-us/member/payment');
    const rows = page.html.slice(page.html.indexOf('id="history"'));
    expect(rows.match(/Paid twice; the society refunds it/g)).toHaveLength(1);
    await mailWithSubject('grace@example.org', '已收到您的匯款', 5000, order.number);

    // The transfer now waits among the money not applied, for finance to refund (or apply it);
    // the page reads it beside the transfers in one statement more, however many wait.
    const surplus = await finance.call<{ surplusList: { orderId: number; method: string; reason: string }[] }>(
      '/api/amsw0502/surplus',
    );
    expect(surplus.data.surplusList.filter((s) => s.orderId === order.orderId)).toEqual([
      expect.objectContaining({ method: 'remittance', reason: 'paidTwice' }),
    ]);
    // Settled in the staff console; the member area's desk counts it and links there.
    const listed = await finance.page('/en-us/staff/money/surplus');
    expect(listed.html.slice(listed.html.indexOf('id="surplus-queue"'))).toContain(order.number);
    expect((await finance.page('/en-us/member/remittances')).html).toContain('href="/en-us/staff/money/surplus"');
    expect(await statementsOf(suite.server, '/en-us/member/remittances', { Cookie: finance.cookie })).toBe(3);
    expect(await statementsOf(suite.server, '/api/amsw0502/surplus', { Cookie: finance.cookie })).toBe(2);
  });
});
