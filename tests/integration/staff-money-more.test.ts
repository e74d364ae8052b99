import { describe, expect, it } from 'vitest';
import { addDays, taipeiDate } from '../../src/lib/calendar-date';
import { DEMO_SECOND_FACTOR_SECRET, authenticator, timeStepAt } from '../setup/staff-sessions';
import { type Envelope, signUpIndividual } from './helpers';
import { ownServerSuite, signedInOn } from './own-server';
import { pdfText } from './pdf-helpers';
import { hiddenFields, simulatorPage } from './simulator-helpers';

/**
 * Finance's money desk, the rest (DESIGN.md §9, §19): the gateway's trade query on demand, money
 * not applied settled from the console, refunds recorded, receipts re-issued. On a server of its
 * own whose reconciliation job waits a day before asking the gateway, so a trade whose notify was
 * lost is the finance office's to find.
 */
const suite = ownServerSuite({ PAYMENT_QUERY_AFTER_SECONDS: '86400' });
const FINANCE = ['finance@example.org', 'Finance2026demo'] as const;
const ADMIN = ['admin@example.org', 'Admin2026demo'] as const;

interface Detail {
  applicationId: number;
  state: string;
  order: { orderId: number; number: string; amount: number; status: string } | null;
}
interface QueryAnswer {
  orderNumber: string;
  outcome: string;
  orderStatus: string;
  answer: { status: string; verified: boolean; tradeStatus: number | null; amount: number | null; tradeNo: string };
}
interface StaffOrder {
  orderId: number;
  number: string;
  status: string;
  receiptNo: string | null;
  receiptCode: string | null;
  receiptVoid: { reason: string } | null;
  receiptPayer: { nameZh: string; nameEn: string; taxId: string | null } | null;
  payments: { paymentId: number; amount: number; source: string; surplus: boolean; refunded: number }[];
  refunds: { amount: number; refundedOn: string; method: string; reference: string; reason: string }[];
  formerReceipts: { number: string; verifyCode: string; reason: string }[];
}
interface AuditRows {
  rows: { action: string; targetId: string; before: unknown; after: unknown; detail: Record<string, unknown> }[];
}

/** A new web user on this server who applied to the student class: NT$300 due at once. */
async function studentApplicant() {
  const person = await signUpIndividual({}, suite.server.url);
  const session = await suite.as(person.email, person.password);
  const classes = await session.call<{ classList: { memberClassId: number; code: string }[] }>('/api/amsw0401/classes');
  const student = classes.data.classList.find((c) => c.code === 'student')!.memberClassId;
  const fileId = await suite.upload(session, 'student-card.pdf');
  const joined = await session.post<Detail>('/api/amsw0401/join', {
    memberClassId: student,
    documents: [{ key: 'studentId', fileId }],
    agreeTerms: true,
  });
  expect(joined.code).toBe(0);
  return { person, session, applicationId: joined.data.applicationId, order: joined.data.order! };
}

type Session = Awaited<ReturnType<typeof studentApplicant>>['session'];

/** A gateway attempt opened in the simulator (its trade known there, not paid): its MerchantOrderNo. */
async function openAttempt(session: Session, orderId: number): Promise<string> {
  const form = await session.post<{ fields: Record<string, string> }>('/api/amsw0501/pay', { orderId });
  expect(form.code).toBe(0);
  return hiddenFields((await simulatorPage(form.data.fields, suite.server.url)).html).merchantOrderNo!;
}

const choose = (merchantOrderNo: string, simulatorAction: string) =>
  simulatorPage({ merchantOrderNo, simulatorAction }, suite.server.url);

async function orderRow(finance: Session, number: string): Promise<StaffOrder> {
  const listed = await finance.call<{ rows: StaffOrder[] }>(`/api/amsw1101/money/orders?q=${number}`);
  expect(listed.data.rows).toHaveLength(1);
  return listed.data.rows[0]!;
}

/** The admin's codes, each of a step no earlier test of this file used. */
let adminCodes: (() => Promise<string>) | null = null;

/** The person joins the finance office: the admin grants the role, and they enrol an authenticator of their own. */
async function joinsFinance(email: string, session: Session) {
  adminCodes ??= authenticator(DEMO_SECOND_FACTOR_SECRET, timeStepAt(Date.now()));
  const admin = await signedInOn(suite.server.url, ...ADMIN, 'individual', { secondFactor: false });
  expect((await admin.post('/api/amsw1101/secondFactor/verify', { code: await adminCodes() })).code).toBe(0);
  expect((await admin.post('/api/amsw1101/roles', { email, role: 'finance', code: await adminCodes() })).code).toBe(0);
  const started = await session.post<{ secret: string }>('/api/amsw1101/secondFactor/enrol', {});
  const own = await session.post('/api/amsw1101/secondFactor/confirm', {
    code: await authenticator(started.data.secret)(),
  });
  expect(own.code).toBe(0);
}

/** A student applicant whose order is paid by card (notify and return): the order as finance sees it. */
async function paidOrder() {
  const applicant = await studentApplicant();
  await choose(await openAttempt(applicant.session, applicant.order.orderId), 'card');
  const finance = await suite.as(...FINANCE);
  const row = await orderRow(finance, applicant.order.number);
  expect(row.status).toBe('paid');
  return { ...applicant, finance, row };
}

describe('the gateway’s trade query on demand', () => {
  it('applies a paid trade whose notify never came, once; a replay and an unpaid trade change nothing', async () => {
    const applicant = await studentApplicant();
    const lost = await openAttempt(applicant.session, applicant.order.orderId);
    await choose(lost, 'cardLostNotify');
    const detail = () =>
      applicant.session.call<Detail>(`/api/amsw0401/application?applicationId=${applicant.applicationId}`);
    expect((await detail()).data.order!.status).toBe('pending');

    const finance = await suite.as(...FINANCE);
    const ask = (merchantOrderNo: string) =>
      finance.post<QueryAnswer>('/api/amsw1101/money/attempts/query', { merchantOrderNo });
    const first = await ask(lost);
    expect(first).toMatchObject({
      code: 0,
      data: {
        orderNumber: applicant.order.number,
        outcome: 'applied',
        orderStatus: 'paid',
        answer: { status: 'SUCCESS', verified: true, tradeStatus: 1, amount: 300 },
      },
    });
    expect((await detail()).data).toMatchObject({ state: 'effective', order: { status: 'paid' } });
    // Asked again (a double click, a second tab): the portal has it, nothing is applied twice.
    const again = await ask(lost);
    expect(again.data).toMatchObject({ outcome: 'recorded', orderStatus: 'paid' });
    const row = await orderRow(finance, applicant.order.number);
    expect(row.payments).toEqual([expect.objectContaining({ amount: 300, source: 'query', surplus: false })]);
    expect(row.receiptNo).toMatch(/^R\d{4}-\d{6}$/);

    // A trade the gateway knows but was never paid; an attempt that is not the portal's.
    const other = await studentApplicant();
    const unpaid = await openAttempt(other.session, other.order.orderId);
    expect((await ask(unpaid)).data).toMatchObject({
      outcome: 'notPaid',
      orderStatus: 'pending',
      answer: { verified: true, tradeStatus: 0 },
    });
    expect((await ask('O2099000001_9')).code).toBe(-6);
    expect((await ask('not a number!')).code).toBe(-10);

    // Audited: the query that applied the money with the order before and after, the others as asked.
    const admin = await suite.as(...ADMIN);
    const audit = await admin.call<AuditRows>('/api/amsw1101/audit?action=payment');
    const mine = audit.data.rows.filter((r) => r.targetId === String(applicant.order.orderId));
    expect(mine.map((r) => [r.action, r.detail.outcome]).sort()).toEqual([
      ['payment.tradeQueried', 'applied'],
      ['payment.tradeQueried', 'recorded'],
    ]);
    const applied = mine.find((r) => r.detail.outcome === 'applied')!;
    expect(applied).toMatchObject({
      before: { orderStatus: 'pending' },
      after: { orderStatus: 'paid', paidAmount: 300 },
    });
  });
});

describe('money not applied, settled from the console', () => {
  it('lists money paid twice on /staff/money/surplus and settles it there once', async () => {
    const applicant = await studentApplicant();
    // Two tabs: two attempts, both paid by card; the second is money not applied.
    const one = await openAttempt(applicant.session, applicant.order.orderId);
    const two = await openAttempt(applicant.session, applicant.order.orderId);
    await choose(one, 'card');
    await choose(two, 'card');
    const finance = await suite.as(...FINANCE);
    const page = await finance.page('/en-us/staff/money/surplus');
    expect(page.status).toBe(200);
    expect(page.html).toContain('Money not applied');
    const listed = page.html.slice(page.html.indexOf('id="surplus-queue"'));
    expect(listed).toContain(applicant.order.number);
    expect(listed).toContain('the order was paid already');
    const zh = await finance.page('/staff/money/surplus');
    expect(zh.html).toContain('未入帳款項');
    // The member area's desk counts it and sends finance to the console.
    expect((await finance.page('/en-us/member/remittances')).html).toContain('href="/en-us/staff/money/surplus"');

    const surplus = await finance.call<{ surplusList: { paymentId: number; orderId: number }[] }>(
      '/api/amsw0502/surplus',
    );
    const waiting = surplus.data.surplusList.find((s) => s.orderId === applicant.order.orderId)!;
    const settle = () =>
      finance.post('/api/amsw0502/surplus/settle', {
        paymentId: waiting.paymentId,
        outcome: 'refunded',
        reference: 'BANK-7731',
        note: '',
      });
    expect((await settle()).code).toBe(0);
    expect((await settle()).code).toBe(-10);
    const after = await finance.page('/en-us/staff/money/surplus');
    expect(after.html.slice(after.html.indexOf('id="surplus-queue"'))).not.toContain(applicant.order.number);
    // A surplus payment is not refunded again as a counted one.
    const refund = await finance.post('/api/amsw1101/money/payments/refund', {
      paymentId: waiting.paymentId,
      amount: 300,
      refundedOn: taipeiDate(),
      method: 'bankTransfer',
      reference: '',
      reason: 'twice',
    });
    expect(refund).toMatchObject({ code: -10, data: { reason: 'refundNotCounted' } });
  });
});

describe('refunds recorded', () => {
  it('takes at most what is left, voids the receipt when all is given back, and shows it everywhere', async () => {
    const { finance, row, person, session, order, applicationId } = await paidOrder();
    const paymentId = row.payments[0]!.paymentId;
    const today = taipeiDate();
    const refund = (amount: number, extra: Record<string, unknown> = {}) =>
      finance.post<{ refunded: number; left: number; receiptVoided: boolean }>('/api/amsw1101/money/payments/refund', {
        paymentId,
        amount,
        refundedOn: today,
        method: 'bankTransfer',
        reference: 'TX-001',
        reason: 'Joined twice by mistake',
        ...extra,
      });
    expect(await refund(100)).toMatchObject({ code: 0, data: { refunded: 100, left: 200, receiptVoided: false } });
    // The receipt stands after a part refund; the payer still downloads it.
    const receipt = await fetch(`${suite.server.url}/api/amsw0501/receipt?orderId=${order.orderId}`, {
      headers: session.auth,
    });
    expect(receipt.headers.get('content-type')).toContain('application/pdf');
    expect(await refund(201)).toMatchObject({ code: -10, data: { fields: ['amount'], left: 200 } });
    expect((await refund(50, { refundedOn: addDays(today, 1) })).code).toBe(-10);
    expect((await refund(50, { reason: ' ' })).code).toBe(-10);
    expect((await refund(0)).code).toBe(-10);
    expect((await refund(50, { paymentId: 2_000_000_000 })).code).toBe(-6);
    expect(await refund(200, { method: 'card', reference: '' })).toMatchObject({
      code: 0,
      data: { refunded: 300, left: 0, receiptVoided: true },
    });
    expect((await refund(1)).code).toBe(-10);

    // The orders list: the payment refunded in full, both refunds, the receipt voided; no re-issue.
    const listed = await orderRow(finance, order.number);
    expect(listed.payments[0]).toMatchObject({ amount: 300, refunded: 300 });
    expect(listed.refunds).toEqual([
      {
        amount: 100,
        refundedOn: today,
        method: 'bankTransfer',
        reference: 'TX-001',
        reason: 'Joined twice by mistake',
      },
      { amount: 200, refundedOn: today, method: 'card', reference: '', reason: 'Joined twice by mistake' },
    ]);
    expect(listed.receiptVoid?.reason).toContain('Refunded');
    const reissue = await finance.post('/api/amsw1101/money/receipts/reissue', { orderId: order.orderId });
    expect(reissue).toMatchObject({ code: -10, data: { reason: 'receiptRefunded' } });
    // The public page says refunded, never finance's reason.
    const verify = await (await fetch(`${suite.server.url}/en-us/verify/${listed.receiptCode}`)).text();
    expect(verify).toContain('Revoked');
    expect(verify).toContain('The payment was refunded');
    expect(verify).not.toContain('Joined twice by mistake');
    expect(verify).not.toContain('Refunded:');
    // The membership is the office's to change: still in effect.
    const app = await session.call<Detail>(`/api/amsw0401/application?applicationId=${applicationId}`);
    expect(app.data.state).toBe('effective');

    // Audited with before and after; the person's story shows the refund.
    const admin = await suite.as(...ADMIN);
    const audit = await admin.call<AuditRows>('/api/amsw1101/audit?action=payment');
    const entries = audit.data.rows.filter(
      (r) => r.targetId === String(order.orderId) && r.action === 'payment.refunded',
    );
    expect(entries.map((e) => [e.before, e.after])).toEqual(
      expect.arrayContaining([
        [
          { paymentId, refunded: 0 },
          { paymentId, refunded: 100 },
        ],
        [
          { paymentId, refunded: 100 },
          { paymentId, refunded: 300, receiptVoided: row.receiptNo },
        ],
      ]),
    );
    const story = await admin.page(`/en-us/staff/people/${person.accountId}`);
    expect(story.status).toBe(200);
    expect(story.html).toContain('refunded NT$300');
  });
});

describe('receipts re-issued', () => {
  it('corrects whom the new receipt is made out to, checks the business number, and shows the payment day', async () => {
    const { finance, order, session } = await paidOrder();
    const voided = await finance.post<{ receiptNo: string; verifyCode: string }>('/api/amsw1101/money/receipts/void', {
      orderId: order.orderId,
      reason: 'Company title needed',
    });
    expect(voided.code).toBe(0);
    const listed = await orderRow(finance, order.number);
    expect(listed.receiptPayer).toMatchObject({ taxId: null });
    expect(listed.receiptPayer!.nameZh).not.toBe('');
    const reissue = (payer: Record<string, unknown>) =>
      finance.post<{ receiptNo: string; verifyCode: string }>('/api/amsw1101/money/receipts/reissue', {
        orderId: order.orderId,
        payer,
      });
    // A business number whose check digit is wrong, or no title, changes nothing.
    expect(await reissue({ nameZh: '杏林醫療器材股份有限公司', taxId: '12345678' })).toMatchObject({ code: -10 });
    expect(await reissue({ nameZh: ' ', taxId: '04595257' })).toMatchObject({ code: -10 });
    expect((await orderRow(finance, order.number)).receiptNo).toBe(voided.data.receiptNo);
    const done = await reissue({
      nameZh: '杏林醫療器材股份有限公司',
      nameEn: 'Xinglin Medical Devices Co., Ltd.',
      taxId: '0459 5257',
    });
    expect(done.code).toBe(0);
    expect((await orderRow(finance, order.number)).receiptPayer).toEqual({
      nameZh: '杏林醫療器材股份有限公司',
      nameEn: 'Xinglin Medical Devices Co., Ltd.',
      taxId: '04595257',
    });
    // The payer's download states the corrected title and business number.
    const pdf = await fetch(`${suite.server.url}/api/amsw0501/receipt?orderId=${order.orderId}&lang=en-us`, {
      headers: session.auth,
    });
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Xinglin Medical Devices Co., Ltd.');
    expect(text).toContain('04595257');
    // Both public pages show the day the money was paid; the old one names the new receipt.
    const fresh = await (await fetch(`${suite.server.url}/en-us/verify/${done.data.verifyCode}`)).text();
    expect(fresh).toContain('Paid on');
    const old = await (await fetch(`${suite.server.url}/en-us/verify/${voided.data.verifyCode}`)).text();
    expect(old).toContain(`Replaced by receipt ${done.data.receiptNo}`);
    expect(old).toContain('Paid on');
    // The audit keeps whom each receipt was made out to.
    const admin = await suite.as(...ADMIN);
    const audit = await admin.call<AuditRows>('/api/amsw1101/audit?action=receipt');
    const entry = audit.data.rows.find((r) => r.action === 'receipt.reissued' && r.targetId === String(order.orderId));
    expect(entry?.after).toMatchObject({ payer: { nameZh: '杏林醫療器材股份有限公司', taxId: '04595257' } });
  });

  it('says on a partly refunded receipt’s public page that a part was given back', async () => {
    const { finance, row, order, session } = await paidOrder();
    // The payer downloads the receipt: issued now.
    await fetch(`${suite.server.url}/api/amsw0501/receipt?orderId=${order.orderId}`, { headers: session.auth });
    const refunded = await finance.post('/api/amsw1101/money/payments/refund', {
      paymentId: row.payments[0]!.paymentId,
      amount: 100,
      refundedOn: taipeiDate(),
      method: 'bankTransfer',
      reference: 'TX-9',
      reason: 'Student discount',
    });
    expect(refunded.code).toBe(0);
    const verifyCode = (await orderRow(finance, order.number)).receiptCode!;
    const page = await (await fetch(`${suite.server.url}/en-us/verify/${verifyCode}`)).text();
    expect(page).toContain('Valid');
    expect(page).toContain('Partly refunded: NT$100 of NT$300 was given back');
    const zh = await (await fetch(`${suite.server.url}/verify/${verifyCode}`)).text();
    expect(zh).toContain('已部分退款');
  });

  it('gives a voided receipt’s order a new number; the voided one stays voided and each verifies as it is', async () => {
    const { finance, order, session } = await paidOrder();
    const voided = await finance.post<{ receiptNo: string; verifyCode: string }>('/api/amsw1101/money/receipts/void', {
      orderId: order.orderId,
      reason: 'Wrong payer name',
    });
    expect(voided.code).toBe(0);
    const reissue = () =>
      finance.post<{ receiptNo: string; verifyCode: string; previousReceiptNo: string }>(
        '/api/amsw1101/money/receipts/reissue',
        { orderId: order.orderId },
      );
    const done = await reissue();
    expect(done.code).toBe(0);
    expect(done.data.receiptNo).toMatch(/^R\d{4}-\d{6}$/);
    expect(done.data.receiptNo).not.toBe(voided.data.receiptNo);
    expect(done.data.previousReceiptNo).toBe(voided.data.receiptNo);
    // A second press finds the new receipt standing: nothing more is issued.
    expect(await reissue()).toMatchObject({ code: -10, data: { reason: 'receiptNotVoided' } });
    expect((await finance.post('/api/amsw1101/money/receipts/reissue', { orderId: 2_000_000_000 })).code).toBe(-6);

    const verify = async (code: string) => (await fetch(`${suite.server.url}/en-us/verify/${code}`)).text();
    // The voided receipt's public page: voided and the number that replaces it, never the reason.
    const old = await verify(voided.data.verifyCode);
    expect(old).toContain('Revoked');
    expect(old).toContain('Voided');
    expect(old).toContain(`Replaced by receipt ${done.data.receiptNo}`);
    expect(old).not.toContain('Wrong payer name');
    const oldInChinese = await (await fetch(`${suite.server.url}/verify/${voided.data.verifyCode}`)).text();
    expect(oldInChinese).toContain(`已由收據 ${done.data.receiptNo} 取代`);
    expect(oldInChinese).not.toContain('Wrong payer name');
    const fresh = await verify(done.data.verifyCode);
    expect(fresh).toContain(done.data.receiptNo);
    expect(fresh).not.toContain('Revoked');
    // The payer downloads the new receipt; the list shows it and the one it replaces.
    const pdf = await fetch(`${suite.server.url}/api/amsw0501/receipt?orderId=${order.orderId}`, {
      headers: session.auth,
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const row = await orderRow(finance, order.number);
    expect(row).toMatchObject({
      receiptNo: done.data.receiptNo,
      receiptCode: done.data.verifyCode,
      receiptVoid: null,
      formerReceipts: [
        { number: voided.data.receiptNo, verifyCode: voided.data.verifyCode, reason: 'Wrong payer name' },
      ],
    });
    // Finance still reads the voided receipt, stamped VOID; an unknown code is -6.
    const voidPdf = await fetch(
      `${suite.server.url}/api/amsw1101/money/receipts/pdf?code=${voided.data.verifyCode}&lang=en-us`,
      {
        headers: finance.auth,
      },
    );
    expect(voidPdf.headers.get('content-type')).toContain('application/pdf');
    expect(pdfText(new Uint8Array(await voidPdf.arrayBuffer()))).toContain(
      'Voided on', // and a red VOID stamp across the page (drawn, checked as an image)
    );
    const freshPdf = await fetch(
      `${suite.server.url}/api/amsw1101/money/receipts/pdf?code=${done.data.verifyCode}&lang=en-us`,
      {
        headers: finance.auth,
      },
    );
    expect(pdfText(new Uint8Array(await freshPdf.arrayBuffer()))).not.toContain('Voided on');
    expect((await finance.call('/api/amsw1101/money/receipts/pdf?code=AAAAAAAAAA')).code).toBe(-6);
    const admin = await suite.as(...ADMIN);
    const audit = await admin.call<AuditRows>('/api/amsw1101/audit?action=receipt');
    expect(audit.data.rows.filter((r) => r.targetId === String(order.orderId)).map((r) => r.action)).toEqual(
      expect.arrayContaining(['receipt.voided', 'receipt.reissued']),
    );
    const entry = audit.data.rows.find((r) => r.targetId === String(order.orderId) && r.action === 'receipt.reissued')!;
    expect(entry).toMatchObject({
      before: { receiptNo: voided.data.receiptNo, voided: true },
      after: { receiptNo: done.data.receiptNo, voided: false },
    });
  });
});

describe('who may use them', () => {
  const ENDPOINTS: [string, unknown][] = [
    ['/api/amsw1101/money/attempts/query', { merchantOrderNo: 'O2026000001_1' }],
    [
      '/api/amsw1101/money/payments/refund',
      { paymentId: 1, amount: 1, refundedOn: '2026-01-05', method: 'cash', reference: '', reason: 'x' },
    ],
    ['/api/amsw1101/money/receipts/reissue', { orderId: 1 }],
    ['/api/amsw1101/money/receipts/pdf?code=AAAAAAAAAA', null],
    ['/api/amsw1101/money/statement/line', { statementId: 1, line: 1, outcome: 'notOurs', note: 'A refund to us' }],
  ];
  /** A POST with `body`, or a GET when there is none. */
  const post = async (auth: Record<string, string>, path: string, body: unknown) =>
    (await (
      await fetch(
        suite.server.url + path,
        body === null
          ? { headers: { ...auth, Accept: 'application/json' } }
          : { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
      )
    ).json()) as Envelope;

  it('refuses visitors, organisations, members, other staff and finance before the second factor', async () => {
    const base = suite.server.url;
    const organ = await signedInOn(base, 'organ@example.org', 'Organ2026demo', 'organ');
    const member = await signedInOn(base, 'member@example.org', 'Member2026demo');
    const reviewer = await signedInOn(base, 'reviewer@example.org', 'Reviewer2026demo');
    const editor = await suite.as('editor@example.org', 'Editor2026demo');
    const admin = await suite.as(...ADMIN);
    const waiting = await signedInOn(base, ...FINANCE, 'individual', { secondFactor: false });
    for (const [path, body] of ENDPOINTS) {
      expect((await post({}, path, body)).code, `${path} visitor`).toBe(-9);
      for (const [who, session] of [
        ['organisation', organ],
        ['member', member],
        ['reviewer', reviewer],
        ['editor-in-chief', editor],
        ['admin', admin],
      ] as const)
        expect((await post(session.auth, path, body)).code, `${path} ${who}`).toBe(-11);
      const early = await post(waiting.auth, path, body);
      expect(early.code, `${path} finance before the factor`).toBe(-11);
      expect(early.data).toEqual({ secondFactor: 'required' });
    }
    const path = '/en-us/staff/money/surplus';
    const anonymous = await fetch(base + path, { redirect: 'manual' });
    expect(anonymous.status).toBe(302);
    for (const session of [organ, member, editor, admin]) expect((await session.page(path)).status).toBe(403);
    const early = await waiting.page(path);
    expect(early.status).toBe(302);
    expect(early.location).toContain('/staff/verify');
  });

  it('leaves a finance worker’s own money to another: no refund, void or re-issue of their own order', async () => {
    const { finance, order, session, person, row } = await paidOrder();
    await joinsFinance(person.email, session);

    const refused = { code: -11, data: null };
    expect(
      await session.post('/api/amsw1101/money/receipts/void', { orderId: order.orderId, reason: 'Mine' }),
    ).toMatchObject(refused);
    const [payment] = row.payments;
    expect(
      await session.post('/api/amsw1101/money/payments/refund', {
        paymentId: payment!.paymentId,
        amount: 1,
        refundedOn: taipeiDate(),
        method: 'cash',
        reference: '',
        reason: 'Mine',
      }),
    ).toMatchObject(refused);
    // Another finance worker voids it; re-issuing is again not the payer's to do.
    expect(
      (await finance.post('/api/amsw1101/money/receipts/void', { orderId: order.orderId, reason: 'Name' })).code,
    ).toBe(0);
    expect(await session.post('/api/amsw1101/money/receipts/reissue', { orderId: order.orderId })).toMatchObject(
      refused,
    );
    expect((await orderRow(finance, order.number)).refunds).toEqual([]);
  });

  it('leaves money kept from a statement to another finance worker when it would pay their own order', async () => {
    const { person, session, order } = await studentApplicant();
    await joinsFinance(person.email, session);
    // Another finance worker keeps a statement line of the order's amount, with no order.
    const finance = await suite.as(...FINANCE);
    const form = new FormData();
    const line = `${taipeiDate()},${order.amount},0081233333,${person.email}`;
    form.set('file', new File([`date,amount,account,memo\n${line}\n`], 'statement.csv'));
    const read = await finance.call<{ statementId: number }>('/api/amsw1101/money/statement', {
      method: 'POST',
      body: form,
    });
    const kept = await finance.post<{ paymentId: number }>('/api/amsw1101/money/statement/line', {
      statementId: read.data.statementId,
      line: 2,
      outcome: 'kept',
      note: 'Their own fee',
    });
    const apply = { paymentId: kept.data.paymentId, outcome: 'applied', orderNumber: order.number };
    // Not to be applied by the payer, and nothing is changed; another finance worker applies it.
    expect(await session.post('/api/amsw0502/surplus/settle', apply)).toMatchObject({
      code: -11,
      data: { fields: ['orderNumber'] },
    });
    expect((await orderRow(finance, order.number)).status).toBe('pending');
    expect(await finance.post('/api/amsw0502/surplus/settle', apply)).toMatchObject({
      code: 0,
      data: { appliedOrderNumber: order.number },
    });
    expect((await orderRow(finance, order.number)).status).toBe('paid');
  });
});
