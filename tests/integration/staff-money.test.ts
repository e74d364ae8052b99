import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { addDays, taipeiDate } from '../../src/lib/calendar-date';
import { api, baseUrl, json, signIn, signUpIndividual, signUpOrganisation } from './helpers';
import { bearer, joinStudent } from './membership-helpers';

/**
 * Finance's bank statement matching (DESIGN.md §9, §19): a statement's lines are matched to the
 * transfers members reported, and the ticked ones confirmed through the remittance desk's own
 * decision, each order paid once. Each test's members sign up here, with digits of their own.
 */
interface Reported {
  remittanceId: number;
  orderNumber: string;
  amount: number;
  transferDate: string;
  accountLast5: string;
}
interface Proposal {
  statementId: number;
  lines: {
    line: number;
    date: string;
    amount: number;
    account: string;
    memo: string;
    remittance: Reported | null;
    sure: boolean;
  }[];
  skipped: { line: number; reason: string }[];
  unmatched: Reported[];
}
interface Result {
  remittanceId: number;
  line: number;
  orderNumber: string | null;
  outcome: string;
}

const FINANCE = ['finance@example.org', 'Finance2026demo'] as const;
const today = taipeiDate();
const digits5 = () => String(10_000 + Math.floor(Math.random() * 90_000));

async function authOf(account: string, password: string, options: { secondFactor?: boolean } = {}) {
  const { token } = await signIn(account, password, 'individual', false, options);
  return { Authorization: `Bearer ${token}` };
}

/** A new web user joins as a student and reports a bank transfer of the fee with `last5`. */
async function reportedTransfer(last5: string) {
  const person = await signUpIndividual();
  const auth = await bearer(person.email, person.password);
  const joined = await joinStudent(auth);
  const order = joined.order!;
  const report = await api<{ remittanceId: number }>('/api/amsw0501/remittance', {
    method: 'POST',
    ...json({ orderId: order.orderId, transferDate: today, amount: order.amount, accountLast5: last5 }, auth),
  });
  expect(report.body.code).toBe(0);
  return { auth, order, applicationId: joined.applicationId, remittanceId: report.body.data.remittanceId, last5 };
}

function statement(text: string, name = 'statement.csv', type = 'text/csv') {
  const form = new FormData();
  form.set('file', new File([text], name, { type }));
  return form;
}

async function upload(auth: Record<string, string>, form: FormData, path = '/en-us') {
  return (
    await api<Proposal>(`/api/amsw1101/money/statement`, {
      method: 'POST',
      headers: { ...auth, 'Accept-Language': path === '/en-us' ? 'en-US' : 'zh-TW' },
      body: form,
    })
  ).body;
}

async function confirm(auth: Record<string, string>, statementId: number, matches: unknown[]) {
  return (
    await api<{ results: Result[] }>('/api/amsw1101/money/statement/confirm', {
      method: 'POST',
      ...json({ statementId, matches }, auth),
    })
  ).body;
}

/** Finance confirms a reported transfer from a statement of one line that shows it. */
async function confirmFromStatement(
  finance: Record<string, string>,
  paying: Awaited<ReturnType<typeof reportedTransfer>>,
) {
  const read = await upload(
    finance,
    statement(`交易日期,存入金額,轉出帳號\r\n${today},${paying.order.amount},00812${paying.last5}`),
  );
  expect(read.code).toBe(0);
  return confirm(finance, read.data.statementId, [{ remittanceId: paying.remittanceId, line: 2 }]);
}

describe('bank statement matching', () => {
  it('matches a statement line to a reported transfer, confirms it once, and leaves the wrong amount alone', async () => {
    const paying = await reportedTransfer(digits5());
    const wrong = await reportedTransfer(digits5());
    const finance = await authOf(...FINANCE);
    const fee = paying.order.amount;
    const csv = [
      '交易日期,存入金額,支出金額,轉出帳號,備註',
      `${today.replaceAll('-', '/')},"${fee.toLocaleString('en-US')}",,0081234${paying.last5},跨行轉入`,
      `${today},${wrong.order.amount - 100},,0099999${wrong.last5},`,
      `${today},,500,,手續費`,
      `not a date,${fee},,12345${digits5()},`,
      `${today},${fee},,000000${digits5()},someone else`,
    ].join('\r\n');
    const proposal = await upload(finance, statement(csv));
    expect(proposal.code).toBe(0);
    const lines = proposal.data.lines;
    expect(lines.map((l) => l.line)).toEqual([2, 3, 6]);
    expect(lines[0]).toMatchObject({ date: today, amount: fee, sure: true });
    expect(lines[0]!.remittance).toMatchObject({
      remittanceId: paying.remittanceId,
      orderNumber: paying.order.number,
      amount: fee,
    });
    // Another amount than the report's is no match, however close; the report waits unmatched.
    expect(lines[1]!.remittance).toBeNull();
    expect(lines[2]!.remittance?.remittanceId).not.toBe(paying.remittanceId);
    expect(proposal.data.unmatched.map((r) => r.remittanceId)).toContain(wrong.remittanceId);
    expect(proposal.data.unmatched.map((r) => r.remittanceId)).not.toContain(paying.remittanceId);
    expect(proposal.data.skipped).toEqual([
      { line: 4, reason: 'notIncoming' },
      { line: 5, reason: 'date' },
    ]);

    // The statement is kept as uploaded, for finance.
    const statementId = proposal.data.statementId;
    expect(statementId).toEqual(expect.any(Number));
    const kept = await fetch(`${baseUrl()}/api/amsw1101/money/statement/file?statementId=${statementId}`, {
      headers: finance,
    });
    expect(kept.status).toBe(200);
    expect(kept.headers.get('cache-control')).toContain('no-store');
    expect(await kept.text()).toBe(csv);
    const unknownFile = await api(`/api/amsw1101/money/statement/file?statementId=2000000000`, { headers: finance });
    expect(unknownFile.body.code).toBe(-6);
    // Its keeping is audited; its file is served by the finance desk alone, not as an upload or a public file.
    const admin = await authOf('admin@example.org', 'Admin2026demo');
    const storedRows = await api<{
      rows: { action: string; targetId: string; detail: { fileId: number; lines: number } }[];
    }>('/api/amsw1101/audit?action=statement', { headers: admin });
    const storedEntry = storedRows.body.data.rows.find((r) => r.targetId === String(statementId))!;
    expect(storedEntry).toMatchObject({ action: 'statement.stored', detail: { lines: 3 } });
    const asUpload = await api(`/api/amsw1001/file?fileId=${storedEntry.detail.fileId}`, { headers: finance });
    expect(asUpload.body.code).toBe(-7);
    expect((await api(`/api/amsw1002?fileId=${storedEntry.detail.fileId}`)).body.code).toBe(-7);

    // A confirmation names a stored line; a line's content sent by the browser is refused.
    const line = { line: 2, date: today, amount: fee, account: `0081234${paying.last5}`, memo: '跨行轉入' };
    expect((await confirm(finance, statementId, [{ remittanceId: paying.remittanceId, line }])).code).toBe(-10);
    // A line the statement does not have (skipped, or beyond its end), or a statement never stored, confirms nothing.
    for (const missing of [4, 99]) {
      const refused = await confirm(finance, statementId, [{ remittanceId: paying.remittanceId, line: missing }]);
      expect(refused).toMatchObject({ code: -10, data: { fields: ['matches'] } });
    }
    expect((await confirm(finance, 2_000_000_000, [{ remittanceId: paying.remittanceId, line: 2 }])).code).toBe(-6);
    // A stored line that does not fit the report confirms nothing.
    const forged = await confirm(finance, statementId, [{ remittanceId: wrong.remittanceId, line: 3 }]);
    expect(forged.data.results).toEqual([
      expect.objectContaining({ remittanceId: wrong.remittanceId, line: 3, outcome: 'mismatch' }),
    ]);

    const done = await confirm(finance, statementId, [{ remittanceId: paying.remittanceId, line: 2 }]);
    expect(done.code).toBe(0);
    expect(done.data.results).toEqual([
      { remittanceId: paying.remittanceId, line: 2, orderNumber: paying.order.number, outcome: 'applied' },
    ]);
    const app = await api<{ state: string; order: { status: string } }>(
      `/api/amsw0401/application?applicationId=${paying.applicationId}`,
      { headers: paying.auth },
    );
    expect(app.body.data.order.status).toBe('paid');

    // Again: skipped as decided, nothing applied twice.
    const again = await confirm(finance, statementId, [{ remittanceId: paying.remittanceId, line: 2 }]);
    expect(again.data.results).toEqual([expect.objectContaining({ outcome: 'decided' })]);
    const queue = await api<{ remittanceList: { remittanceId: number }[] }>('/api/amsw0502/remittances', {
      headers: finance,
    });
    expect(queue.body.data.remittanceList.map((r) => r.remittanceId)).not.toContain(paying.remittanceId);
    expect(queue.body.data.remittanceList.map((r) => r.remittanceId)).toContain(wrong.remittanceId);

    // The orders list shows it paid by the transfer, once, with its receipt; the filters find it or not.
    type Orders = {
      rows: {
        orderId: number;
        number: string;
        status: string;
        receiptNo: string | null;
        payments: { method: string; amount: number; surplus: boolean }[];
        remittances: { status: string }[];
      }[];
      older: number | null;
    };
    const listed = await api<Orders>(`/api/amsw1101/money/orders?q=${paying.order.number}`, { headers: finance });
    expect(listed.body.code).toBe(0);
    expect(listed.body.data.rows).toHaveLength(1);
    expect(listed.body.data.rows[0]).toMatchObject({
      number: paying.order.number,
      status: 'paid',
      payments: [{ method: 'remittance', amount: fee, surplus: false }],
      remittances: [{ status: 'confirmed' }],
    });
    expect(listed.body.data.rows[0]!.receiptNo).toMatch(/^R\d{4}-\d{6}$/);
    const orderId = listed.body.data.rows[0]!.orderId;
    const filtered = async (query: string) =>
      (await api<Orders>(`/api/amsw1101/money/orders?q=${paying.order.number}&${query}`, { headers: finance })).body
        .data.rows.length;
    expect(await filtered('status=paid')).toBe(1);
    expect(await filtered('status=pending')).toBe(0);
    expect(await filtered(`from=${today}&to=${today}`)).toBe(1);
    expect(await filtered(`from=${addDays(today, 1)}`)).toBe(0);
    expect(await filtered(`before=${orderId}`)).toBe(0);
    expect(await filtered(`before=${orderId + 1}`)).toBe(1);
    expect((await api(`/api/amsw1101/money/orders?status=refunded`, { headers: finance })).body.code).toBe(-10);
    const page = await api<Orders>('/api/amsw1101/money/orders', { headers: finance });
    expect(page.body.data.rows.length).toBeLessThanOrEqual(50);
    expect(page.body.data.rows.map((r) => r.orderId)).toEqual(
      [...page.body.data.rows.map((r) => r.orderId)].sort((a, b) => b - a),
    );

    // The confirmation's audit entry points at the stored statement's line; only one, though confirmed twice.
    const audit = await api<{
      rows: { action: string; targetId: string; after: Record<string, unknown>; detail: Record<string, unknown> }[];
    }>('/api/amsw1101/audit?action=remittance', { headers: admin });
    const entries = audit.body.data.rows.filter((r) => r.targetId === String(paying.remittanceId));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'remittance.confirmed',
      after: { status: 'confirmed', outcome: 'applied' },
      detail: { orderNumber: paying.order.number, statement: { id: statementId, line: 2 } },
    });
    expect(entries[0]!.detail).not.toHaveProperty('statementLine');
  });

  it('voids a paid order’s receipt once with a reason, which its public verification page keeps to itself', async () => {
    const paying = await reportedTransfer(digits5());
    const finance = await authOf(...FINANCE);
    expect((await confirmFromStatement(finance, paying)).data.results[0]!.outcome).toBe('applied');
    // The payer downloads the receipt while it stands.
    const before = await fetch(`${baseUrl()}/api/amsw0501/receipt?orderId=${paying.order.orderId}`, {
      headers: paying.auth,
    });
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toContain('application/pdf');

    const reason = `Issued in error ${digits5()}`;
    const voidIt = () =>
      api<{ receiptNo: string; verifyCode: string }>('/api/amsw1101/money/receipts/void', {
        method: 'POST',
        ...json({ orderId: paying.order.orderId, reason }, finance),
      });
    const done = await voidIt();
    expect(done.body.code).toBe(0);
    expect(done.body.data.receiptNo).toMatch(/^R\d{4}-\d{6}$/);
    expect((await voidIt()).body).toMatchObject({ code: -10, data: { reason: 'receiptVoided' } });
    const blank = await api('/api/amsw1101/money/receipts/void', {
      method: 'POST',
      ...json({ orderId: paying.order.orderId, reason: '  ' }, finance),
    });
    expect(blank.body.code).toBe(-10);
    const unknown = await api('/api/amsw1101/money/receipts/void', {
      method: 'POST',
      ...json({ orderId: 2_000_000_000, reason }, finance),
    });
    expect(unknown.body.code).toBe(-6);

    // The public verification page says it was voided, never finance's reason; the payer cannot download it again.
    const verify = await fetch(`${baseUrl()}/en-us/verify/${done.body.data.verifyCode}`);
    const html = await verify.text();
    expect(html).toContain('Revoked');
    expect(html).toContain('Voided');
    expect(html).not.toContain(reason);
    const after = await api(`/api/amsw0501/receipt?orderId=${paying.order.orderId}`, { headers: paying.auth });
    expect(after.body.code).toBe(-6);
    // The orders list shows it voided; the audit log has who, before and after.
    const listed = await api<{ rows: { receiptVoid: { reason: string } | null; receiptCode: string | null }[] }>(
      `/api/amsw1101/money/orders?q=${paying.order.number}`,
      { headers: finance },
    );
    expect(listed.body.data.rows[0]).toMatchObject({ receiptVoid: { reason }, receiptCode: done.body.data.verifyCode });
    const admin = await authOf('admin@example.org', 'Admin2026demo');
    const audit = await api<{ rows: { action: string; targetId: string; before: unknown; after: unknown }[] }>(
      '/api/amsw1101/audit?action=receipt',
      { headers: admin },
    );
    expect(audit.body.data.rows.filter((r) => r.targetId === String(paying.order.orderId))).toEqual([
      expect.objectContaining({
        action: 'receipt.voided',
        before: { receiptNo: done.body.data.receiptNo, voided: false },
        after: { receiptNo: done.body.data.receiptNo, voided: true, reason },
      }),
    ]);
  });

  it('keeps a line that matches nothing as money not applied, or marks it not ours, once, shown on the statement page', async () => {
    const paying = await reportedTransfer(digits5());
    const finance = await authOf(...FINANCE);
    const stray = 4321 + Math.floor(Math.random() * 1000);
    const csv = [
      'date,amount,account,memo',
      `${today},${paying.order.amount},00812${paying.last5},`,
      `${today},${stray},0081299999,王小明 會費`,
      `${today},${stray + 1},0081288888,bank correction`,
    ].join('\n');
    const proposal = await upload(finance, statement(csv));
    expect(proposal.code).toBe(0);
    const { statementId } = proposal.data;
    expect(proposal.data.lines.map((l) => [l.line, l.remittance?.remittanceId ?? null])).toEqual([
      [2, paying.remittanceId],
      [3, null],
      [4, null],
    ]);
    const decide = (body: Record<string, unknown>) =>
      api<{ outcome: string }>('/api/amsw1101/money/statement/line', {
        method: 'POST',
        ...json({ statementId, ...body }, finance),
        lang: 'en-us',
      });
    // Bad input changes nothing.
    expect((await decide({ line: 3, outcome: 'kept', note: ' ' })).body.code).toBe(-10);
    expect((await decide({ line: 3, outcome: 'lost', note: 'x' })).body.code).toBe(-10);
    expect((await decide({ line: 9, outcome: 'kept', note: 'x' })).body).toMatchObject({
      code: -10,
      data: { fields: ['line'] },
    });
    expect((await decide({ statementId: 2_000_000_000, line: 3, outcome: 'kept', note: 'x' })).body.code).toBe(-6);
    const member = await authOf('member@example.org', 'Member2026demo');
    expect(
      (
        await api('/api/amsw1101/money/statement/line', {
          method: 'POST',
          ...json({ statementId, line: 3, outcome: 'kept', note: 'x' }, member),
        })
      ).body.code,
    ).toBe(-11);

    expect((await decide({ line: 3, outcome: 'kept', note: 'Probably Wang’s dues; ask him' })).body).toMatchObject({
      code: 0,
      data: { outcome: 'kept' },
    });
    expect((await decide({ line: 4, outcome: 'notOurs', note: 'The bank’s own correction' })).body.code).toBe(0);
    // Once: a decided line is not decided again, nor confirmed against a transfer.
    expect((await decide({ line: 3, outcome: 'notOurs', note: 'again' })).body).toMatchObject({
      code: -10,
      data: { reason: 'statementLineDecided' },
    });
    const confirmed = await confirm(finance, statementId, [{ remittanceId: paying.remittanceId, line: 2 }]);
    expect(confirmed.data.results).toEqual([expect.objectContaining({ outcome: 'applied' })]);
    expect((await decide({ line: 2, outcome: 'kept', note: 'x' })).body.code).toBe(-10);

    // The statement page shows each line's outcome.
    const { cookie } = await signIn(...FINANCE);
    const page = await (
      await fetch(`${baseUrl()}/en-us/staff/money/statement`, { headers: { Cookie: cookie } })
    ).text();
    expect(page).toContain(`Confirmed: order ${paying.order.number}`);
    expect(page).toContain('Kept: received, not applied');
    expect(page).toContain('Probably Wang’s dues; ask him');
    expect(page).toContain('The bank’s own correction');
    const zh = await (await fetch(`${baseUrl()}/staff/money/statement`, { headers: { Cookie: cookie } })).text();
    expect(zh).toContain('已保留：已收款未入帳');

    // Audited, with the line's content.
    const admin = await authOf('admin@example.org', 'Admin2026demo');
    const audit = await api<{ rows: { action: string; targetId: string; detail: Record<string, unknown> }[] }>(
      '/api/amsw1101/audit?action=statement',
      { headers: admin },
    );
    const rows = audit.body.data.rows.filter((r) => r.targetId === String(statementId));
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['statement.lineKept', 'statement.lineNotOurs']));
    expect(rows.find((r) => r.action === 'statement.lineKept')!.detail).toMatchObject({ line: 3, amount: stray });
  });

  it('makes a kept line money not applied, which finance applies once to any pending order of its amount, or refunds', async () => {
    const finance = await authOf(...FINANCE);
    // Someone whose transfer reached the statement with neither a report nor the order's number.
    const person = await signUpIndividual();
    const payer = await bearer(person.email, person.password);
    const joined = await joinStudent(payer);
    const order = joined.order!;
    const fee = order.amount;
    const stray = 5321 + Math.floor(Math.random() * 1000);
    const csv = [
      'date,amount,account,memo',
      `${today},${fee},0081277777,陳大文 入會費`,
      `${today},${stray},0081266666,unknown`,
      `${today},${fee},0081255555,second transfer`,
    ].join('\n');
    const proposal = await upload(finance, statement(csv));
    expect(proposal.code).toBe(0);
    const { statementId } = proposal.data;
    const keep = async (line: number, note: string) =>
      (
        await api<{ outcome: string; paymentId: number | null }>('/api/amsw1101/money/statement/line', {
          method: 'POST',
          ...json({ statementId, line, outcome: 'kept', note }, finance),
        })
      ).body;
    const kept = await keep(2, 'Probably 陳大文’s entrance fee');
    expect(kept).toMatchObject({ code: 0, data: { outcome: 'kept', paymentId: expect.any(Number) } });
    const other = await keep(3, 'Nobody knows');
    const twice = await keep(4, 'Paid twice?');

    // On the list of money not applied, with the statement's payer and line, in both languages.
    interface Listed {
      paymentId: number;
      orderId: number | null;
      orderNumber: string | null;
      amount: number;
      reason: string;
      payerName: string;
      paidAt: string;
      statement: { statementId: number; line: number } | null;
    }
    const list = await api<{ surplusList: Listed[] }>('/api/amsw0502/surplus', { headers: finance });
    const entry = list.body.data.surplusList.find((s) => s.paymentId === kept.data.paymentId);
    expect(entry).toEqual(
      expect.objectContaining({
        orderId: null,
        orderNumber: null,
        amount: fee,
        reason: 'statementOnly',
        payerName: '0081277777 · 陳大文 入會費',
        paidAt: new Date(`${today}T00:00:00+08:00`).toISOString(),
        statement: { statementId, line: 2 },
      }),
    );
    const { cookie } = await signIn(...FINANCE);
    const read = async (path: string) => (await fetch(`${baseUrl()}${path}`, { headers: { Cookie: cookie } })).text();
    const en = await read('/en-us/staff/money/surplus');
    expect(en).toContain('Received on the statement, no order');
    expect(en).toContain(`Statement ${statementId}, line 2`);
    expect(en).toContain('0081277777 · 陳大文 入會費');
    expect(await read('/staff/money/surplus')).toContain('對帳單收款，無對應訂單');

    const settle = async (body: Record<string, unknown>, lang: 'en-us' | 'zh-tw' = 'en-us') =>
      (
        await api<{ outcome: string; orderNumber: string | null; appliedOrderNumber: string | null; reason?: string }>(
          '/api/amsw0502/surplus/settle',
          { method: 'POST', ...json(body, finance), lang },
        )
      ).body;
    // Refused, changing nothing: an order of another amount, one unknown, one closed.
    expect(
      await settle({ paymentId: other.data!.paymentId, outcome: 'applied', orderNumber: order.number }),
    ).toMatchObject({
      code: -10,
      data: { fields: ['orderNumber'], reason: 'surplusTargetAmount' },
      message: `Order ${order.number} is for NT$${fee.toLocaleString('en-US')}, not the NT$${stray.toLocaleString('en-US')} received: this money cannot pay it`,
    });
    expect(
      await settle({ paymentId: kept.data.paymentId, outcome: 'applied', orderNumber: 'O1999-999999' }, 'zh-tw'),
    ).toMatchObject({ code: -10, message: '查無訂單編號 O1999-999999，請確認後重新輸入' });
    const quitter = await signUpIndividual();
    const quitterAuth = await bearer(quitter.email, quitter.password);
    const quit = await joinStudent(quitterAuth);
    await api('/api/amsw0401/cancel', { method: 'POST', ...json({ applicationId: quit.applicationId }, quitterAuth) });
    expect(
      await settle({ paymentId: kept.data.paymentId, outcome: 'applied', orderNumber: quit.order!.number }),
    ).toMatchObject({
      code: -10,
      data: { reason: 'surplusTargetClosed' },
      message: `Order ${quit.order!.number} is cancelled or has expired: this money cannot pay it`,
    });
    type Detail = { state: string; order: { status: string } | null; history: { event: string; by: string }[] };
    const application = async () =>
      (await api<Detail>(`/api/amsw0401/application?applicationId=${joined.applicationId}`, { headers: payer })).body
        .data;
    expect(await application()).toMatchObject({ state: 'awaitingPayment', order: { status: 'pending' } });

    // Applied to the payer's order by its number (typed in lower case): two presses at once, one counts.
    const applied = await Promise.all(
      [0, 1].map(() =>
        settle({
          paymentId: kept.data.paymentId,
          outcome: 'applied',
          orderNumber: ` ${order.number.toLowerCase()} `,
          note: '陳大文 confirmed by phone',
        }),
      ),
    );
    expect(applied.map((a) => a.code).sort()).toEqual([-10, 0]);
    expect(applied.find((a) => a.code === 0)).toMatchObject({
      data: { outcome: 'applied', orderNumber: null, appliedOrderNumber: order.number },
    });
    expect(applied.find((a) => a.code === -10)).toMatchObject({ data: { reason: 'surplusSettled' } });
    // The order is paid once, with its receipt, and the application is in effect.
    const paid = await application();
    expect(paid).toMatchObject({ state: 'effective', order: { status: 'paid' } });
    expect(paid.history.filter((h) => h.event === 'pay')).toEqual([expect.objectContaining({ by: 'finance' })]);
    const orders = await api<{
      rows: { number: string; receiptNo: string | null; payments: { amount: number; surplus: boolean }[] }[];
    }>(`/api/amsw1101/money/orders?q=${order.number}`, { headers: finance });
    expect(orders.body.data.rows).toEqual([
      expect.objectContaining({
        receiptNo: expect.stringMatching(/^R\d{4}-\d{6}$/),
        payments: [expect.objectContaining({ amount: fee, surplus: false })],
      }),
    ]);
    // Another line of the same amount cannot pay the order now paid; settled once, the first is refused again.
    expect(
      await settle({ paymentId: twice.data!.paymentId, outcome: 'applied', orderNumber: order.number }),
    ).toMatchObject({
      code: -10,
      data: { reason: 'surplusTargetPaid' },
      message: `Order ${order.number} is already paid: this money cannot pay it`,
    });
    expect(await settle({ paymentId: kept.data.paymentId, outcome: 'refunded', reference: 'RF-9' })).toMatchObject({
      code: -10,
      data: { reason: 'surplusSettled' },
    });

    // The other line is refunded, once.
    expect(await settle({ paymentId: other.data!.paymentId, outcome: 'refunded', reference: 'RF-77' })).toMatchObject({
      code: 0,
      data: { outcome: 'refunded', orderNumber: null, appliedOrderNumber: null },
    });
    const left = (
      await api<{ surplusList: Listed[] }>('/api/amsw0502/surplus', { headers: finance })
    ).body.data.surplusList
      .filter((s) => s.statement?.statementId === statementId)
      .map((s) => s.statement!.line);
    expect(left).toEqual([4]);

    // The statement page shows what became of each kept line.
    const page = await read('/en-us/staff/money/statement');
    expect(page).toContain(`Applied to order ${order.number}`);
    expect(page).toContain('Refunded');
    expect(page).toContain('Settle it in money not applied');
    expect(await read('/staff/money/statement')).toContain(`已轉繳訂單 ${order.number}`);

    // Audited: the line kept as money, and the money applied, each pointing at the other.
    const admin = await authOf('admin@example.org', 'Admin2026demo');
    type Audit = { rows: { action: string; targetId: string; detail: Record<string, unknown> }[] };
    const audit = async (action: string) =>
      (await api<Audit>(`/api/amsw1101/audit?action=${action}`, { headers: admin })).body.data.rows;
    expect(
      (await audit('statement')).find(
        (r) => r.action === 'statement.lineKept' && r.detail.line === 2 && r.targetId === String(statementId),
      )?.detail,
    ).toMatchObject({ amount: fee, paymentId: kept.data.paymentId });
    expect(
      (await audit('surplusSettled')).find((r) => r.targetId === String(kept.data.paymentId))?.detail,
    ).toMatchObject({
      orderId: null,
      statement: { id: statementId, line: 2 },
      outcome: 'applied',
      appliedOrderId: order.orderId,
    });
  });

  it('calls the transfer desk by one name in each language: menus, heading, title and the report’s link', async () => {
    const { cookie } = await signIn(...FINANCE);
    const text = (html: string) =>
      html
        .replace(/<[^>]+>/g, '')
        .replace(/\s+/g, ' ')
        .trim();
    for (const [prefix, name] of [
      ['', '匯款確認'],
      ['/en-us', 'Bank transfers to confirm'],
    ] as const) {
      const get = async (path: string) =>
        (await fetch(`${baseUrl()}${prefix}${path}`, { headers: { Cookie: cookie } })).text();
      const desk = await get('/member/remittances');
      expect(text(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(desk)![1]!)).toBe(name);
      expect(/<title>([^<]*)<\/title>/.exec(desk)![1]).toContain(name);
      // Every link to the desk, in the account menu, the console's menu and tabs, and the finance report, says the same.
      // (in the page's language: the language switch leads to the other one's address)
      const links = (html: string) =>
        [...html.matchAll(new RegExp(`<a\\b[^>]*href="${prefix}/member/remittances"[^>]*>([\\s\\S]*?)</a>`, 'g'))].map(
          (m) => text(m[1]!),
        );
      const found = [
        ...links(desk),
        ...links(await get('/staff')),
        ...links(await get('/staff/money')),
        ...links(await get('/staff/reports/finance')),
      ];
      expect(found.length).toBeGreaterThan(2);
      for (const link of found) expect(link).toContain(name);
    }
  });

  it('refuses files that are not a statement, each with its code', async () => {
    const finance = await authOf(...FINANCE);
    const cases: [FormData, number][] = [
      [statement('date,amount,memo\n2026-01-01,100,x', 'statement.pdf', 'application/pdf'), -21],
      [statement('when,how much\n2026-01-01,100'), -10],
      [statement('date,amount,memo\n'), -10],
      [statement('date,amount,memo\n' + `${today},100,x\n`.repeat(5001)), -10],
      [statement(`date,amount,memo\n${today},100,${'x'.repeat(2 * 1024 * 1024)}`), -996],
      [statement(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]) as unknown as string, 'statement.xlsx'), -10],
    ];
    for (const [form, code] of cases) {
      const answer = await upload(finance, form);
      expect(answer.code, (form.get('file') as File).name + String((form.get('file') as File).size)).toBe(code);
      expect(JSON.stringify(answer)).not.toMatch(/at .*\.ts:\d+/);
    }
    // An Excel workbook is read from its first sheet, dates as dates.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('入帳明細');
    sheet.addRow(['交易日期', '存入金額', '對方帳號', '摘要']);
    sheet.addRow([new Date(`${today}T00:00:00Z`), 2500, '00812345678', '轉入']);
    const xlsx = new FormData();
    xlsx.set('file', new File([new Uint8Array(await workbook.xlsx.writeBuffer())], 'statement.xlsx'));
    const fromExcel = await upload(finance, xlsx);
    expect(fromExcel.code).toBe(0);
    expect(fromExcel.data.lines).toEqual([
      expect.objectContaining({ line: 2, date: today, amount: 2500, account: '00812345678', memo: '轉入' }),
    ]);
    // A Big5 statement (as Taiwanese banks write them) is read as Big5.
    const big5 = new File([Buffer.from('a4e9b4c12caaf7c3422cb3c6b5f90a', 'hex'), `${today},100,x\n`], 'statement.csv');
    const form = new FormData();
    form.set('file', big5);
    const read = await upload(finance, form);
    expect(read.code).toBe(0);
    expect(read.data.lines).toEqual([expect.objectContaining({ line: 2, amount: 100, memo: 'x' })]);
  });

  it('is for finance only, after the second factor: pages and calls', async () => {
    const member = await signUpIndividual();
    const organisation = await signUpOrganisation();
    const who: [string, Record<string, string>][] = [
      ['visitor', {}],
      ['member', await bearer(member.email, member.password)],
      [
        'organisation',
        { Authorization: `Bearer ${(await signIn(organisation.email, organisation.password, 'organ')).token}` },
      ],
      ['admin without finance', await authOf('admin@example.org', 'Admin2026demo')],
      ['finance before the factor', await authOf(...FINANCE, { secondFactor: false })],
    ];
    for (const [name, auth] of who) {
      const read = await upload(auth, statement(`date,amount,memo\n${today},100,x`));
      expect(read.code, name).toBe(name === 'visitor' ? -9 : -11);
      const voided = await api('/api/amsw1101/money/receipts/void', {
        method: 'POST',
        ...json({ orderId: 1, reason: 'x' }, auth),
      });
      expect(voided.body.code, name).toBe(name === 'visitor' ? -9 : -11);
      const orders = await api('/api/amsw1101/money/orders', { headers: auth });
      expect(orders.body.code, name).toBe(name === 'visitor' ? -9 : -11);
      const sent = await confirm(auth, 1, [{ remittanceId: 1, line: 2 }]);
      expect(sent.code, name).toBe(name === 'visitor' ? -9 : -11);
      const file = await api('/api/amsw1101/money/statement/file?statementId=1', { headers: auth });
      expect(file.body.code, name).toBe(name === 'visitor' ? -9 : -11);
    }
    const finance = await signIn(...FINANCE);
    const open = await fetch(`${baseUrl()}/en-us/staff/money/statement`, {
      headers: { Cookie: finance.cookie },
      redirect: 'manual',
    });
    expect(open.status).toBe(200);
    const html = await open.text();
    expect(html).toContain('Bank statement matching');
    // The form, in English (the browser test matches a statement in Chinese).
    for (const text of ['Bank statement file', 'Read and match']) expect(html).toContain(text);
    const zh = await fetch(`${baseUrl()}/staff/money/statement`, {
      headers: { Cookie: finance.cookie },
      redirect: 'manual',
    });
    expect(await zh.text()).toContain('銀行對帳單比對');
    const orders = await fetch(`${baseUrl()}/en-us/staff/money`, {
      headers: { Cookie: finance.cookie },
      redirect: 'manual',
    });
    expect(orders.status).toBe(200);
    expect(await orders.text()).toContain('Orders and payments');
    expect(
      (await api('/api/amsw1101/money/orders', { headers: { Authorization: `Bearer ${finance.token}` } })).body.code,
    ).toBe(0);
    const admin = await signIn('admin@example.org', 'Admin2026demo');
    const refused = await fetch(`${baseUrl()}/staff/money/statement`, {
      headers: { Cookie: admin.cookie },
      redirect: 'manual',
    });
    expect(refused.status).toBe(403);
    const refusedList = await fetch(`${baseUrl()}/staff/money`, {
      headers: { Cookie: admin.cookie },
      redirect: 'manual',
    });
    expect(refusedList.status).toBe(403);
    const waiting = await signIn(...FINANCE, 'individual', false, { secondFactor: false });
    const sent = await fetch(`${baseUrl()}/staff/money/statement`, {
      headers: { Cookie: waiting.cookie },
      redirect: 'manual',
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get('location')).toContain('/staff/verify');
    const anonymous = await fetch(`${baseUrl()}/staff/money/statement`, { redirect: 'manual' });
    expect([302, 303]).toContain(anonymous.status);
  });
});
