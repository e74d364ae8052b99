import { describe, expect, it } from 'vitest';
import { taipeiDate } from '../../src/lib/calendar-date';
import { type Envelope, mailsTo, mailWithSubject, signUpIndividual } from './helpers';
import { ownServerSuite, signedInOn } from './own-server';
import { statementsOf } from './statement-log';

/**
 * The staff console's reports (DESIGN.md §19, issue item 7): the numbers against what the test
 * does through the API, who may read each report, the compliance export and the credit reminder.
 * On a server of its own (with its request log), so its counts move only with what it does.
 */
const suite = ownServerSuite({ LOG_LEVEL: 'info' });
const ADMIN = ['admin@example.org', 'Admin2026demo'] as const;
const FINANCE = ['finance@example.org', 'Finance2026demo'] as const;

interface MembersReport {
  months: string[];
  members: number[];
  statuses: { status: string; counts: number[] }[];
  classes: { code: string; counts: number[] }[];
  joined: number[];
  left: number[];
  lapsed: number[];
}
interface FinanceReport {
  months: string[];
  billed: number[];
  collected: number[];
  refunded: number[];
  outstanding: { orders: number; amount: number };
  remittances: {
    waiting: { count: number; amount: number; oldest: string | null };
    ages: { age: string; count: number }[];
    reported: number[];
  };
}
interface ComplianceRow {
  accountId: number;
  email: string;
  certificationId: number;
  endsOn: string;
  missing: number;
  shortfalls: { kind: string; missing: number; text: string }[];
  remindedAt: string | null;
  mayRemind: boolean;
}
interface ComplianceReport {
  ahead: { months: string[]; short: number[]; met: number[] };
  rows: ComplianceRow[];
  reminderDays: number;
}
interface Detail {
  applicationId: number;
  order: { orderId: number; number: string; amount: number; status: string } | null;
}

const last = (values: number[]) => values.at(-1)!;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** A new web user on the test's server who applied to the student class (not reviewed): NT$300 due at once. */
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
  expect(joined.data.order).toMatchObject({ amount: 300, status: 'pending' });
  return { person, session, orderId: joined.data.order!.orderId, orderNumber: joined.data.order!.number };
}

describe('the reports’ numbers', () => {
  it('count a member who joins and pays, and a transfer waiting, in this Taipei month', async () => {
    const admin = await suite.as(...ADMIN);
    const finance = await suite.as(...FINANCE);
    const members = () => admin.call<MembersReport>('/api/amsw1101/reports/members');
    const money = () => finance.call<FinanceReport>('/api/amsw1101/reports/finance');
    const before = { members: (await members()).data, money: (await money()).data };
    expect(before.members.months).toHaveLength(12);
    expect(before.members.months.at(-1)).toBe(taipeiDate().slice(0, 7));
    // The demo society: members in every status, the former member left two months ago.
    const status = (report: MembersReport, s: string) => report.statuses.find((x) => x.status === s)!.counts;
    expect(last(status(before.members, 'active'))).toBeGreaterThan(0);
    expect(last(status(before.members, 'inGrace'))).toBe(1);
    expect(last(status(before.members, 'paused'))).toBe(1);
    expect(sum(before.members.left)).toBeGreaterThanOrEqual(1);

    // A web user joins the student class and pays by card: billed, collected and a new member.
    const joiner = await studentApplicant();
    const billed = (await money()).data;
    expect(last(billed.billed) - last(before.money.billed)).toBe(300);
    expect(billed.outstanding.orders - before.money.outstanding.orders).toBe(1);
    expect(billed.outstanding.amount - before.money.outstanding.amount).toBe(300);
    expect(last(billed.collected)).toBe(last(before.money.collected));
    await suite.payByCard(joiner.session, joiner.orderId);
    const paid = (await money()).data;
    expect(last(paid.collected) - last(before.money.collected)).toBe(300);
    expect(paid.outstanding).toEqual(before.money.outstanding);
    // Part of it given back: refunded this month, collected as it was.
    expect(last(paid.refunded)).toBe(last(before.money.refunded));
    const [order] = (
      await finance.call<{ rows: { payments: { paymentId: number }[] }[] }>(
        `/api/amsw1101/money/orders?q=${joiner.orderNumber}`,
      )
    ).data.rows;
    const refund = await finance.post('/api/amsw1101/money/payments/refund', {
      paymentId: order!.payments[0]!.paymentId,
      amount: 100,
      refundedOn: taipeiDate(),
      method: 'cash',
      reference: '',
      reason: 'Paid for a month too many',
    });
    expect(refund.code).toBe(0);
    const refunded = (await money()).data;
    expect(last(refunded.refunded) - last(before.money.refunded)).toBe(100);
    expect(refunded.collected).toEqual(paid.collected);
    const after = (await members()).data;
    expect(last(after.joined) - last(before.members.joined)).toBe(1);
    expect(last(status(after, 'active')) - last(status(before.members, 'active'))).toBe(1);
    const students = (report: MembersReport) => report.classes.find((c) => c.code === 'student')!.counts;
    expect(last(students(after)) - last(students(before.members))).toBe(1);
    // Earlier months are history: they do not move.
    expect(after.statuses.map((s) => s.counts.slice(0, -1))).toEqual(
      before.members.statuses.map((s) => s.counts.slice(0, -1)),
    );

    // Another applies and reports a bank transfer: it waits for finance, reported this month.
    const transfer = await studentApplicant();
    const reported = await transfer.session.post('/api/amsw0501/remittance', {
      orderId: transfer.orderId,
      transferDate: taipeiDate(),
      amount: 300,
      accountLast5: '01234',
    });
    expect(reported.code).toBe(0);
    const waiting = (await money()).data;
    expect(waiting.remittances.waiting.count - before.money.remittances.waiting.count).toBe(1);
    expect(waiting.remittances.waiting.amount - before.money.remittances.waiting.amount).toBe(300);
    expect(waiting.remittances.waiting.oldest).not.toBeNull();
    expect(waiting.remittances.ages.find((a) => a.age === 'under3')!.count).toBeGreaterThanOrEqual(1);
    expect(last(waiting.remittances.reported) - last(before.money.remittances.reported)).toBe(1);

    // 24 months on request; a window not offered is refused.
    const longer = await admin.call<MembersReport>('/api/amsw1101/reports/members?months=24');
    expect(longer.data.months).toHaveLength(24);
    expect((await admin.call('/api/amsw1101/reports/members?months=5')).code).toBe(-10);
    expect((await finance.call('/api/amsw1101/reports/finance?months=abc')).code).toBe(-10);
    const courses = await admin.call<{ months: string[]; submitted: number[]; approved: number[] }>(
      '/api/amsw1101/reports/courses?months=6',
    );
    expect(courses.code).toBe(0);
    expect(courses.data.months).toHaveLength(6);
    // The demo organisation's courses: sent and approved in the last months.
    expect(sum(courses.data.submitted)).toBeGreaterThan(0);
    expect(sum(courses.data.approved)).toBeGreaterThan(0);

    // The pages draw each chart with a title and description, and a table with the same numbers.
    const page = await finance.page('/en-us/staff/reports/finance');
    expect(page.status).toBe(200);
    expect(page.html).toContain('role="img"');
    expect(page.html).toContain(
      '<title id="finance-fees-title">Dues each month: billed, collected and refunded</title>',
    );
    expect(page.html).toMatch(/<th scope="col"[^>]*>Collected<\/th>/);
    expect(page.html).toContain('Transfers waiting for confirmation');
    const zh = await admin.page('/staff/reports/members?months=24');
    expect(zh.status).toBe(200);
    expect(zh.html).toContain('各狀態會員人數');
    expect(zh.html).toContain('<option value="24" selected>最近 24 個月</option>');
    // Two statements: the session, and the report.
    for (const [path, reader] of [
      ['/staff/reports/members', admin],
      ['/staff/reports/finance', finance],
      ['/staff/reports/courses', admin],
    ] as const)
      expect(await statementsOf(suite.server, path, { Cookie: reader.cookie }), path).toBe(2);
    expect(await statementsOf(suite.server, '/staff/reports', { Cookie: admin.cookie })).toBe(1);
  });
});

describe('the month’s member count', () => {
  it('is the height of its bar and the sum of the classes, from one count of members (lapsed left out)', async () => {
    const admin = await suite.as(...ADMIN);
    const report = (await admin.call<MembersReport>('/api/amsw1101/reports/members')).data;
    const of = (s: string) => report.statuses.find((x) => x.status === s)!.counts;
    report.months.forEach((_, i) => {
      const counted = of('active')[i]! + of('inGrace')[i]! + of('paused')[i]!;
      expect(report.members[i]).toBe(counted);
      expect(report.classes.reduce((n, c) => n + c.counts[i]!, 0)).toBe(counted);
    });
    // The demo has a lapsed member: not counted, shown apart.
    expect(last(of('lapsed'))).toBeGreaterThan(0);

    const page = (await admin.page('/en-us/staff/reports/members')).html;
    expect(page).toContain(`${last(report.members)} members this month`);
    // The status chart's table: one column per counted status and the bar's total, the headline's number.
    const table = page.slice(page.indexOf('id="members-status-title"'), page.indexOf('id="members-lapsed-title"'));
    expect(table).not.toContain('>Lapsed<');
    const rows = [...table.matchAll(/<tr>\s*<th scope="row"[^>]*>[^<]*<\/th>([\s\S]*?)<\/tr>/g)].map((m) =>
      [...m[1]!.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((c) => Number(c[1])),
    );
    expect(rows).toHaveLength(report.months.length);
    rows.forEach((cells, i) =>
      expect(cells).toEqual([of('active')[i], of('inGrace')[i], of('paused')[i], report.members[i]]),
    );
    expect(table).not.toMatch(/Lapsed: \d/);
    // Lapsed memberships have a chart of their own.
    const lapsed = page.slice(page.indexOf('id="members-lapsed-title"'));
    expect(lapsed).toContain(`Lapsed: ${last(of('lapsed'))}`);
  });
});

describe('credit compliance', () => {
  it('lists who is short before their certificate ends, exports it, and reminds them once in the window', async () => {
    const admin = await suite.as(...ADMIN);
    const compliance = (horizon: number) =>
      admin.call<ComplianceReport>(`/api/amsw1101/reports/compliance?horizon=${horizon}`);
    // The demo member's licence ends in seven to eight months, short of the quality, ethics and law minimum.
    const soon = (await compliance(6)).data;
    expect(soon.rows.some((r) => r.email === 'member@example.org')).toBe(false);
    const year = (await compliance(12)).data;
    const row = year.rows.find((r) => r.email === 'member@example.org' && r.certificationId === 1)!;
    expect(row).toBeDefined();
    expect(row.shortfalls.some((s) => s.kind === 'group' && s.missing === 3)).toBe(true);
    expect(row.missing).toBe(Math.max(...row.shortfalls.map((s) => s.missing)));
    expect(row).toMatchObject({ remindedAt: null, mayRemind: true });
    // The status reviewer's licence ends within six months with every rule met: counted, not listed.
    expect(sum(soon.ahead.met)).toBeGreaterThanOrEqual(1);
    expect(soon.rows.some((r) => r.email === 'status-reviewer@example.org')).toBe(false);
    expect(sum(year.ahead.short)).toBe(year.rows.length);
    expect((await compliance(5)).code).toBe(-10);
    // By default the report looks a year ahead: the licence ending in seven months is listed.
    const byDefault = await admin.call<ComplianceReport>('/api/amsw1101/reports/compliance');
    expect(byDefault.data.rows).toEqual(year.rows);
    const defaultPage = await admin.page('/en-us/staff/reports/compliance');
    expect(defaultPage.html).toContain('member@example.org');
    expect(defaultPage.html).toContain('<option value="12" selected>');

    // The export: UTF-8 with a byte-order mark, one line per row; itself audited.
    const csv = await fetch(`${suite.server.url}/api/amsw1101/reports/compliance/export?horizon=12`, {
      headers: admin.auth,
    });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="credit-compliance-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split('\r\n');
    expect(lines[0]).toBe(
      'memberNo,name,email,certification,certificateNumber,endsOn,missingPoints,shortfalls,remindedAt',
    );
    expect(lines).toHaveLength(year.rows.length + 1);
    const memberLine = lines.find((l) => l.includes('member@example.org'))!;
    expect(memberLine).toContain(row.endsOn);
    expect(memberLine).toContain(row.shortfalls.find((s) => s.kind === 'group')!.text);
    const xlsx = await fetch(`${suite.server.url}/api/amsw1101/reports/compliance/export?horizon=12&format=xlsx`, {
      headers: admin.auth,
    });
    expect(xlsx.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new Uint8Array(await xlsx.arrayBuffer());
    expect([...workbook.slice(0, 2)]).toEqual([0x50, 0x4b]); // a zip: PK
    const badFormat = await admin.call('/api/amsw1101/reports/compliance/export?horizon=12&format=pdf');
    expect(badFormat.code).toBe(-10);
    type AuditRow = { action: string; actorEmail: string; targetEmail: string | null; detail: Record<string, unknown> };
    const exports = await admin.call<{ rows: AuditRow[] }>('/api/amsw1101/audit?action=reports');
    expect(exports.data.rows.map((r) => r.detail.format)).toEqual(['xlsx', 'csv']);
    expect(exports.data.rows[0]).toMatchObject({ action: 'reports.exported', actorEmail: 'admin@example.org' });

    // The reminder: one mail in the member's language with what they lack and the link to their standing.
    const invalid = await admin.post('/api/amsw1101/reports/compliance/reminders', { horizon: 12, accountIds: [] });
    expect(invalid.code).toBe(-10);
    const sent = await admin.post<{ sent: number[]; skipped: { accountId: number; reason: string }[] }>(
      '/api/amsw1101/reports/compliance/reminders',
      { horizon: 12, accountIds: [row.accountId, 2_000_000] },
    );
    expect(sent.code).toBe(0);
    expect(sent.data.sent).toEqual([row.accountId]);
    expect(sent.data.skipped).toEqual([{ accountId: 2_000_000, reason: 'notListed' }]);
    const mail = await mailWithSubject(
      'member@example.org',
      '繼續教育積分提醒',
      5000,
      suite.server.mailed('/member/certification/1'),
    );
    expect(mail.text).toContain(row.shortfalls.find((s) => s.kind === 'group')!.text);
    expect(mail.text).toContain('醫執字第 0987654 號');

    // Again within the window: skipped, no second mail; the list says when.
    const again = await admin.post<{ sent: number[]; skipped: { accountId: number; reason: string }[] }>(
      '/api/amsw1101/reports/compliance/reminders',
      { horizon: 12 },
    );
    expect(again.data.sent).toEqual([]);
    expect(again.data.skipped).toContainEqual({ accountId: row.accountId, reason: 'recentlyReminded' });
    await new Promise((r) => setTimeout(r, 500));
    const mailsAfter = (await mailsTo('member@example.org', 0, 0)).filter(
      (m) => m.subject.includes('積分提醒') && m.text.includes(suite.server.mailed('/')),
    );
    expect(mailsAfter.length).toBe(1);
    const reminded = (await compliance(12)).data.rows.find((r) => r.accountId === row.accountId)!;
    expect(reminded.mayRemind).toBe(false);
    expect(reminded.remindedAt).not.toBeNull();
    const audit = await admin.call<{ rows: AuditRow[] }>('/api/amsw1101/audit?action=credits');
    expect(audit.data.rows).toHaveLength(1);
    expect(audit.data.rows[0]).toMatchObject({
      action: 'credits.reminderSent',
      actorEmail: 'admin@example.org',
      targetEmail: 'member@example.org',
    });

    const page = await admin.page('/en-us/staff/reports/compliance?horizon=12');
    expect(page.status).toBe(200);
    expect(page.html).toContain('Members short of their rules (');
    expect(page.html).toContain('member@example.org');
    expect(page.html).toContain('/api/amsw1101/reports/compliance/export?horizon=12&amp;format=xlsx');
    const none = await admin.page('/en-us/staff/reports/compliance?horizon=3');
    expect(none.html).toContain('No member is short of their rules');
    // The session, and the certificates ending with their ledgers.
    expect(await statementsOf(suite.server, '/staff/reports/compliance?horizon=12', { Cookie: admin.cookie })).toBe(2);
  });
});

describe('who reads the reports', () => {
  const ENDPOINTS: [method: 'GET' | 'POST', path: string, role: 'office' | 'finance' | 'ceOfficer'][] = [
    ['GET', '/api/amsw1101/reports/members', 'office'],
    ['GET', '/api/amsw1101/reports/finance', 'finance'],
    ['GET', '/api/amsw1101/reports/courses', 'ceOfficer'],
    ['GET', '/api/amsw1101/reports/compliance', 'ceOfficer'],
    ['GET', '/api/amsw1101/reports/compliance/export', 'ceOfficer'],
    ['POST', '/api/amsw1101/reports/compliance/reminders', 'ceOfficer'],
  ];
  const PAGES: [path: string, role: 'office' | 'finance' | 'ceOfficer' | 'any'][] = [
    ['/staff/reports', 'any'],
    ['/staff/reports/members', 'office'],
    ['/staff/reports/finance', 'finance'],
    ['/staff/reports/compliance', 'ceOfficer'],
    ['/staff/reports/courses', 'ceOfficer'],
  ];
  // Refused before anything is done: a body that would pass validation changes nothing.
  const BODY = { horizon: 3, accountIds: [2_000_000] };

  async function callAs(auth: Record<string, string>, method: string, path: string) {
    const res = await fetch(suite.server.url + path, {
      method,
      headers: { ...auth, ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
      ...(method === 'POST' ? { body: JSON.stringify(BODY) } : {}),
    });
    return (await res.json()) as Envelope;
  }

  it('refuses visitors, organisations, members, other staff and staff before their second factor', async () => {
    const base = suite.server.url;
    const organ = await signedInOn(base, 'organ@example.org', 'Organ2026demo', 'organ');
    const member = await signedInOn(base, 'member@example.org', 'Member2026demo');
    const reviewer = await signedInOn(base, 'reviewer@example.org', 'Reviewer2026demo');
    const finance = await suite.as(...FINANCE);
    // The editor-in-chief holds a staff role, but none of the reports'.
    const editor = await suite.as('editor@example.org', 'Editor2026demo');
    const waiting = await signedInOn(base, ...ADMIN, 'individual', { secondFactor: false });
    for (const [method, path, role] of ENDPOINTS) {
      const what = `${method} ${path}`;
      expect((await callAs({}, method, path)).code, `${what} visitor`).toBe(-9);
      expect((await callAs(organ.auth, method, path)).code, `${what} organisation`).toBe(-11);
      expect((await callAs(member.auth, method, path)).code, `${what} member`).toBe(-11);
      expect((await callAs(reviewer.auth, method, path)).code, `${what} reviewer`).toBe(-11);
      expect((await callAs(editor.auth, method, path)).code, `${what} editor-in-chief`).toBe(-11);
      if (role !== 'finance') expect((await callAs(finance.auth, method, path)).code, `${what} finance`).toBe(-11);
      const early = await callAs(waiting.auth, method, path);
      expect(early.code, `${what} admin before the factor`).toBe(-11);
      expect(early.data, `${what} admin before the factor`).toEqual({ secondFactor: 'required' });
    }
    for (const [path, role] of PAGES) {
      const anonymous = await fetch(base + path, { redirect: 'manual' });
      expect(anonymous.status, path).toBe(302);
      expect(anonymous.headers.get('location'), path).toMatch(/^\/login\?redirect=/);
      expect((await organ.page(path)).status, `${path} organisation`).toBe(403);
      expect((await member.page(path)).status, `${path} member`).toBe(403);
      expect((await editor.page(path)).status, `${path} editor-in-chief`).toBe(403);
      expect((await finance.page(path)).status, `${path} finance`).toBe(
        role === 'any' || role === 'finance' ? 200 : 403,
      );
      const early = await waiting.page(path);
      expect(early.status, `${path} admin before the factor`).toBe(302);
      expect(early.location, path).toBe(`/staff/verify?redirect=${encodeURIComponent(path)}`);
    }
    // Finance reads its own report, and the section shows it only that one.
    expect((await finance.call('/api/amsw1101/reports/finance')).code).toBe(0);
    const own = await finance.page('/en-us/staff/reports');
    expect(own.html).toContain('href="/en-us/staff/reports/finance"');
    expect(own.html).not.toContain('href="/en-us/staff/reports/members"');
    expect(own.html).not.toContain('href="/en-us/staff/reports/compliance"');
    // The admin reads every report, and the console's navigation has the section.
    const admin = await suite.as(...ADMIN);
    for (const [method, path] of ENDPOINTS.filter(([m, p]) => m === 'GET' && !p.endsWith('/export')))
      expect((await callAs(admin.auth, method, path)).code, path).toBe(0);
    const file = await fetch(`${base}/api/amsw1101/reports/compliance/export`, { headers: admin.auth });
    expect(file.status).toBe(200);
    const home = await admin.page('/en-us/staff');
    expect(home.html).toContain('href="/en-us/staff/reports"');
    const section = await admin.page('/en-us/staff/reports');
    for (const key of ['members', 'finance', 'compliance', 'courses'])
      expect(section.html).toContain(`href="/en-us/staff/reports/${key}"`);
  });
});
