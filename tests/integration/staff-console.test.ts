import { describe, expect, it } from 'vitest';
import { DEMO_SECOND_FACTOR_SECRET } from '../../src/server/db/seed/demo';
import { authenticator } from '../setup/staff-sessions';
import { type Envelope, mailWithSubject, signIn, signUpIndividual } from './helpers';
import { ownServerSuite, signedInOn as signedInOnServer } from './own-server';
import { correctionOf } from './people-helpers';

/**
 * The staff console's foundation (DESIGN.md §19, decision 016): staff roles count only after the
 * session's second factor; setting up an authenticator; recovery codes; the admin's roles desk;
 * and who may reach the console's pages and endpoints. On a server of its own, so the codes this
 * file uses are the only ones its accounts see (a code is taken once per account).
 */
const suite = ownServerSuite();
const ADMIN = ['admin@example.org', 'Admin2026demo'] as const;

const adminApp = authenticator(DEMO_SECOND_FACTOR_SECRET);
/** The admin's recovery codes once the first test has made them: a fresh code each without waiting for the clock. */
const adminRecovery: string[] = [];
const adminCode = async () => adminRecovery.pop() ?? adminApp();

/**
 * Signed in with the password alone (`secondFactor: false`: the helpers would pass a demo staff
 * account's factor themselves): API calls with the bearer token, pages with the cookie.
 */
function signedInOn(base: string, email: string, password: string, userType: 'individual' | 'organ' = 'individual') {
  return signedInOnServer(base, email, password, userType, { secondFactor: false });
}
type Session = Awaited<ReturnType<typeof signedInOn>>;

async function signInWithFactor(email: string, password: string, code: () => Promise<string>): Promise<Session> {
  const session = await signedInOn(suite.server.url, email, password);
  expect((await session.post('/api/amsw1101/secondFactor/verify', { code: await code() })).code).toBe(0);
  return session;
}

describe('the second factor of staff sessions', () => {
  it('withholds staff roles until the session gives a code, and tells the client why', async () => {
    const login = await signIn(...ADMIN, 'individual', false, { base: suite.server.url, secondFactor: false });
    expect(login.body.code).toBe(0);
    expect((login.body.data as { secondFactor: string }).secondFactor).toBe('verify');
    const admin = await signedInOn(suite.server.url, ...ADMIN);

    const refused = await admin.call<{ secondFactor?: string }>('/api/amsw1101/roles');
    expect(refused.code).toBe(-11);
    expect(refused.data.secondFactor).toBe('required');
    const page = await admin.page('/staff/roles');
    expect(page.status).toBe(302);
    expect(page.location).toBe('/staff/verify?redirect=%2Fstaff%2Froles');
    const english = await admin.page('/en-us/staff');
    expect(english.location).toBe('/en-us/staff/verify?redirect=%2Fstaff');

    const verifyPage = await admin.page('/staff/verify?redirect=/staff/roles');
    expect(verifyPage.status).toBe(200);
    expect(verifyPage.html).toContain('第二道驗證');

    const wrong = await admin.post<{ fields: string[] }>('/api/amsw1101/secondFactor/verify', { code: '000000' });
    expect(wrong.code).toBe(-10);
    expect(wrong.data.fields).toEqual(['code']);
    const malformed = await admin.post('/api/amsw1101/secondFactor/verify', { code: '12' });
    expect(malformed.code).toBe(-10);

    const code = await adminCode();
    expect((await admin.post('/api/amsw1101/secondFactor/verify', { code })).code).toBe(0);
    const listed =
      await admin.call<{ email: string; roles: { role: string }[]; secondFactor: boolean }[]>('/api/amsw1101/roles');
    expect(listed.code).toBe(0);
    expect(listed.data.find((h) => h.email === 'admin@example.org')?.roles.map((r) => r.role)).toEqual(
      expect.arrayContaining(['admin', 'office', 'editor', 'ceOfficer']),
    );
    expect(listed.data.find((h) => h.email === 'finance@example.org')?.secondFactor).toBe(true);
    const opened = await admin.page('/staff/roles');
    expect(opened.status).toBe(200);
    expect(opened.html).toContain('finance@example.org');

    // The same code again, in another session: taken once per account.
    const other = await signedInOn(suite.server.url, ...ADMIN);
    expect((await other.post('/api/amsw1101/secondFactor/verify', { code })).code).toBe(-10);
    expect((await other.call('/api/amsw1101/roles')).code).toBe(-11);

    // New recovery codes for a fresh code: ten, shown once (the next tests use them).
    const renewed = await admin.post<{ recoveryCodes: string[] }>('/api/amsw1101/secondFactor/recoveryCodes', {
      code: await adminApp(),
    });
    expect(renewed.code).toBe(0);
    expect(renewed.data.recoveryCodes).toHaveLength(10);
    adminRecovery.push(...renewed.data.recoveryCodes);
    const left = await admin.call<{ recoveryCodesLeft: number }>('/api/amsw1101/secondFactor');
    expect(left.data.recoveryCodesLeft).toBe(10);
  });

  it('sets up an authenticator for a new staff member, with recovery codes that work once', async () => {
    const admin = await signInWithFactor(...ADMIN, adminCode);
    const person = await signUpIndividual({}, suite.server.url);
    const granted = await admin.post<{ result: string }>('/api/amsw1101/roles', {
      email: person.email,
      role: 'office',
      code: await adminCode(),
    });
    expect(granted.code).toBe(0);
    expect(granted.data.result).toBe('granted');

    const login = await signIn(person.email, person.password, 'individual', false, { base: suite.server.url });
    expect((login.body.data as { secondFactor: string }).secondFactor).toBe('enrol');
    const office = await signedInOn(suite.server.url, person.email, person.password);
    const before = await office.call<{ enrolled: boolean; staffRoles: string[] }>('/api/amsw1101/secondFactor');
    expect(before.data).toMatchObject({ enrolled: false, staffRoles: ['office'] });
    // Nothing to confirm before the set-up starts.
    expect((await office.post('/api/amsw1101/secondFactor/confirm', { code: '123456' })).code).toBe(-6);

    const started = await office.post<{ secret: string; uri: string; qrSvg: string }>(
      '/api/amsw1101/secondFactor/enrol',
      {},
    );
    expect(started.code).toBe(0);
    expect(started.data.uri).toContain(`secret=${started.data.secret}`);
    expect(started.data.qrSvg).toMatch(/^<svg/);
    const officeCode = authenticator(started.data.secret);
    expect((await office.post('/api/amsw1101/secondFactor/confirm', { code: '000000' })).code).toBe(-10);
    const confirmed = await office.post<{ recoveryCodes: string[] }>('/api/amsw1101/secondFactor/confirm', {
      code: await officeCode(),
    });
    expect(confirmed.code).toBe(0);
    expect(confirmed.data.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.data.recoveryCodes).size).toBe(10);
    // The owner is told by mail, in their language, so a set-up they did not make is noticed.
    const notice = await mailWithSubject(person.email, '您的帳號已設定驗證器');
    expect(notice.text).toContain('請立即通知學會系統管理者');
    // Set up once: starting again is refused (an admin resets a lost one).
    expect((await office.post('/api/amsw1101/secondFactor/enrol', {})).code).toBe(-13);

    const home = await office.page('/en-us/staff');
    expect(home.status).toBe(200);
    expect(home.html).toContain('Office (people and membership)');
    expect(home.html).toContain('10 recovery codes left');
    // Office is staff, but the roles desk is the admin's.
    const desk = await office.page('/en-us/staff/roles');
    expect(desk.status).toBe(403);
    expect(desk.html).toContain('Your staff roles do not include this page');
    const api = await office.call<unknown>('/api/amsw1101/roles');
    expect(api.code).toBe(-11);
    expect(api.data).toBeNull();

    // A recovery code opens a new session once, typed any way.
    const [recovery] = confirmed.data.recoveryCodes;
    const fresh = await signedInOn(suite.server.url, person.email, person.password);
    const typed = ` ${recovery!.toLowerCase().replace('-', ' ')} `;
    expect((await fresh.post('/api/amsw1101/secondFactor/verify', { code: typed })).code).toBe(0);
    expect((await fresh.page('/staff')).status).toBe(200);
    const again = await signedInOn(suite.server.url, person.email, person.password);
    expect((await again.post('/api/amsw1101/secondFactor/verify', { code: recovery })).code).toBe(-10);
    const status = await fresh.call<{ recoveryCodesLeft: number }>('/api/amsw1101/secondFactor');
    expect(status.data.recoveryCodesLeft).toBe(9);

    // Revoked: the next request has no staff role left, and the console says the page is for staff.
    const revoked = await admin.post<{ result: string }>('/api/amsw1101/roles/revoke', {
      accountId: person.accountId,
      role: 'office',
      code: await adminCode(),
    });
    expect(revoked.data.result).toBe('revoked');
    const after = await fresh.page('/en-us/staff');
    expect(after.status).toBe(403);
    expect(after.html).toContain('This page is for accounts holding a staff role');

    // Both changes are in the audit log, with who, on whom, and the values before and after.
    type Row = { action: string; actorEmail: string; targetEmail: string; before: unknown; after: unknown };
    const log = await admin.call<{ rows: Row[] }>('/api/amsw1101/audit?action=role');
    expect(log.code).toBe(0);
    const [revokedRow, grantedRow] = log.data.rows.filter((r) => r.targetEmail === person.email);
    expect(grantedRow).toMatchObject({
      action: 'role.grant',
      actorEmail: 'admin@example.org',
      before: null,
      after: { role: 'office' },
    });
    expect(revokedRow).toMatchObject({ action: 'role.revoke', before: { role: 'office' }, after: null });
    const searched = await admin.call<{ rows: Row[] }>(`/api/amsw1101/audit?q=${encodeURIComponent(person.email)}`);
    expect(searched.data.rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['role.grant', 'role.revoke', 'secondFactor.enrolled']),
    );
    const page = await admin.page(`/en-us/staff/audit?q=${encodeURIComponent(person.email)}`);
    expect(page.status).toBe(200);
    // In the reader's language: the action, the field and the role by their names, no codes.
    expect(page.html).toContain('Role revoked');
    expect(page.html).toContain('After </span>Role: Office (people and membership)');
    expect(page.html).not.toContain('role.revoke');
    expect(page.html).not.toContain('role: office');
    const badDay = await admin.call('/api/amsw1101/audit?from=2026-13-01');
    expect(badDay.code).toBe(-5);

    const exported = await fetch(
      `${suite.server.url}/api/amsw1101/audit/export?action=role&q=${encodeURIComponent(person.email)}`,
      { headers: admin.auth },
    );
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await exported.arrayBuffer());
    // A byte-order mark first, so spreadsheet programs read the Chinese as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder().decode(bytes);
    expect(csv.split('\r\n')[0]).toBe(
      'id,at,actorType,actorId,actorEmail,action,ip,targetType,targetId,targetEmail,before,after,detail',
    );
    expect(csv).toContain(`role.revoke,`);
    expect(csv.trim().split('\r\n')).toHaveLength(3);
    const exports = await admin.call<{ rows: Row[] }>('/api/amsw1101/audit?action=audit');
    expect(exports.data.rows[0]).toMatchObject({ action: 'audit.exported', actorEmail: 'admin@example.org' });
  });

  it('asks a fresh code to change the e-mail of an account holding a staff role, and the story’s form says so', async () => {
    const admin = await signInWithFactor(...ADMIN, adminCode);
    // Fresh recovery codes for this test and the next ones, so none waits for the clock.
    const renewed = await admin.post<{ recoveryCodes: string[] }>('/api/amsw1101/secondFactor/recoveryCodes', {
      code: await adminCode(),
    });
    expect(renewed.code).toBe(0);
    adminRecovery.splice(0, adminRecovery.length, ...renewed.data.recoveryCodes);
    const person = await signUpIndividual({}, suite.server.url);
    const plain = await signUpIndividual({}, suite.server.url);
    const granted = await admin.post('/api/amsw1101/roles', {
      email: person.email,
      role: 'finance',
      code: await adminCode(),
    });
    expect(granted.code).toBe(0);

    const form = await correctionOf(admin, person.accountId);
    const newEmail = `staff-${Date.now()}@example.org`;
    const without = await admin.post<{ fields: string[] }>('/api/amsw1101/people/correct', {
      ...form,
      email: newEmail,
    });
    expect(without.code).toBe(-10);
    expect(without.data.fields).toEqual(['code']);
    expect(without.message).toContain('驗證器');
    const wrong = await admin.post<{ fields: string[] }>('/api/amsw1101/people/correct', {
      ...form,
      email: newEmail,
      code: '000000',
    });
    expect(wrong.code).toBe(-10);
    expect(wrong.data.fields).toEqual(['code']);
    const story = async (accountId: number) =>
      (await admin.call<{ account: { email: string } }>(`/api/amsw1101/people/story?accountId=${accountId}`)).data;
    expect((await story(person.accountId)).account.email).toBe(person.email);
    // Other fields of a staff account, and a member's e-mail, need no code.
    const mobile = await admin.post<{ changed: string[] }>('/api/amsw1101/people/correct', {
      ...form,
      mobile: '0922000333',
    });
    expect(mobile.data.changed).toEqual(['mobile']);
    const plainForm = await correctionOf(admin, plain.accountId);
    const plainEmail = `plain-${Date.now()}@example.org`;
    expect((await admin.post('/api/amsw1101/people/correct', { ...plainForm, email: plainEmail })).code).toBe(0);

    const done = await admin.post<{ changed: string[] }>('/api/amsw1101/people/correct', {
      ...(await correctionOf(admin, person.accountId)),
      email: newEmail,
      code: await adminCode(),
    });
    expect(done.code).toBe(0);
    expect(done.data.changed).toEqual(['email']);
    expect((await story(person.accountId)).account.email).toBe(newEmail);
    // The story of a staff account has its correction form ask for the code; a member's does not.
    const island = (html: string) => /<astro-island[^>]*PersonCorrection[^>]*>/.exec(html)?.[0] ?? '';
    expect(island((await admin.page(`/staff/people/${person.accountId}`)).html)).toContain(
      '&quot;emailNeedsCode&quot;:[0,true]',
    );
    expect(island((await admin.page(`/staff/people/${plain.accountId}`)).html)).toContain(
      '&quot;emailNeedsCode&quot;:[0,false]',
    );
  });

  it('uses a code up even when the change it came with is refused', async () => {
    const admin = await signInWithFactor(...ADMIN, adminCode);
    const self = (await admin.call<{ accountId: number; email: string }[]>('/api/amsw1101/roles')).data.find(
      (h) => h.email === 'admin@example.org',
    )!;
    const code = await adminCode();
    const last = await admin.post('/api/amsw1101/roles/revoke', { accountId: self.accountId, role: 'admin', code });
    expect(last.code).toBe(-11);
    const person = await signUpIndividual({}, suite.server.url);
    const again = await admin.post<{ fields: string[] }>('/api/amsw1101/roles', {
      email: person.email,
      role: 'editor',
      code,
    });
    expect(again.code).toBe(-10);
    expect(again.data.fields).toEqual(['code']);
    const held = async () =>
      (await admin.call<{ email: string }[]>('/api/amsw1101/roles')).data.some((h) => h.email === person.email);
    expect(await held()).toBe(false);
    const fresh = await admin.post('/api/amsw1101/roles', {
      email: person.email,
      role: 'editor',
      code: await adminCode(),
    });
    expect(fresh.code).toBe(0);
    expect(await held()).toBe(true);
  });

  it('keeps the last admin, refuses a wrong code for a change, and blocks after five wrong codes', async () => {
    const admin = await signInWithFactor(...ADMIN, adminCode);
    const self = (await admin.call<{ accountId: number; email: string }[]>('/api/amsw1101/roles')).data.find(
      (h) => h.email === 'admin@example.org',
    )!;
    const last = await admin.post('/api/amsw1101/roles/revoke', {
      accountId: self.accountId,
      role: 'admin',
      code: await adminCode(),
    });
    expect(last.code).toBe(-11);
    expect(last.message).toContain('最後一位系統管理者');

    const person = await signUpIndividual({}, suite.server.url);
    const wrong = await admin.post('/api/amsw1101/roles', { email: person.email, role: 'finance', code: '999999' });
    expect(wrong.code).toBe(-10);
    const roles = await admin.call<{ email: string }[]>('/api/amsw1101/roles');
    expect(roles.data.some((h) => h.email === person.email)).toBe(false);
    const unknown = await admin.post<{ fields: string[] }>('/api/amsw1101/roles', {
      email: 'nobody@example.org',
      role: 'finance',
      code: '123456',
    });
    expect(unknown.code).toBe(-10);
    expect(unknown.data.fields).toEqual(['email']);
    const badRole = await admin.post('/api/amsw1101/roles', { email: person.email, role: 'owner', code: '123456' });
    expect(badRole.code).toBe(-10);

    for (let i = 0; i < 4; i++)
      expect((await admin.post('/api/amsw1101/secondFactor/verify', { code: '000001' })).code).toBe(-10);
    const blocked = await admin.post<{ reason: string }>('/api/amsw1101/secondFactor/verify', { code: '000002' });
    expect(blocked.code).toBe(-11);
    expect(blocked.data.reason).toBe('rateLimited');
    // Even a right code waits now.
    const right = await admin.post('/api/amsw1101/secondFactor/verify', { code: adminRecovery[0] });
    expect(right.code).toBe(-11);
  });
});

describe('who reaches the staff console', () => {
  const ENDPOINTS: [method: 'GET' | 'POST', path: string][] = [
    ['GET', '/api/amsw1101/roles'],
    ['POST', '/api/amsw1101/roles'],
    ['POST', '/api/amsw1101/roles/revoke'],
    ['POST', '/api/amsw1101/roles/take'],
    ['POST', '/api/amsw1101/roles/resetSecondFactor'],
    ['GET', '/api/amsw1101/secondFactor'],
    ['POST', '/api/amsw1101/secondFactor/enrol'],
    ['POST', '/api/amsw1101/secondFactor/confirm'],
    ['POST', '/api/amsw1101/secondFactor/verify'],
    ['POST', '/api/amsw1101/secondFactor/recoveryCodes'],
    ['GET', '/api/amsw1101/audit'],
    ['GET', '/api/amsw1101/audit/export'],
  ];
  const BODY = { email: 'member@example.org', role: 'office', accountId: 1, code: '123456' };
  const PAGES = ['/staff', '/staff/roles', '/staff/audit', '/staff/verify'];

  async function callAs(auth: Record<string, string>, method: string, path: string) {
    const res = await fetch(suite.server.url + path, {
      method,
      headers: { ...auth, ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
      ...(method === 'POST' ? { body: JSON.stringify(BODY) } : {}),
    });
    return (await res.json()) as Envelope;
  }

  it('refuses visitors, organisations and accounts without a staff role on every endpoint and page', async () => {
    const organ = await signedInOn(suite.server.url, 'organ@example.org', 'Organ2026demo', 'organ');
    const member = await signedInOn(suite.server.url, 'member@example.org', 'Member2026demo');
    const reviewer = await signedInOn(suite.server.url, 'reviewer@example.org', 'Reviewer2026demo');
    for (const [method, path] of ENDPOINTS) {
      expect((await callAs({}, method, path)).code, `${method} ${path} visitor`).toBe(-9);
      expect((await callAs(organ.auth, method, path)).code, `${method} ${path} organisation`).toBe(-11);
      expect((await callAs(member.auth, method, path)).code, `${method} ${path} member`).toBe(-11);
      expect((await callAs(reviewer.auth, method, path)).code, `${method} ${path} reviewer`).toBe(-11);
    }
    for (const path of PAGES) {
      const anonymous = await fetch(suite.server.url + path, { redirect: 'manual' });
      expect(anonymous.status, path).toBe(302);
      expect(anonymous.headers.get('location'), path).toMatch(/^\/login\?redirect=/);
      expect((await organ.page(path)).status, `${path} organisation`).toBe(403);
      expect((await member.page(path)).status, `${path} member`).toBe(403);
      expect((await reviewer.page(path)).status, `${path} reviewer`).toBe(403);
    }
  });

  it('refuses the admin endpoints to staff of other roles, and to an admin before the second factor', async () => {
    const finance = await signInWithFactor(
      'finance@example.org',
      'Finance2026demo',
      authenticator(DEMO_SECOND_FACTOR_SECRET),
    );
    const waitingAdmin = await signedInOn(suite.server.url, ...ADMIN);
    const adminOnly = ENDPOINTS.filter(([, p]) => !p.startsWith('/api/amsw1101/secondFactor'));
    for (const [method, path] of adminOnly) {
      const asFinance = await callAs(finance.auth, method, path);
      expect(asFinance.code, `${method} ${path} finance`).toBe(-11);
      expect(asFinance.data, `${method} ${path} finance`).toBeNull();
      const asWaiting = await callAs(waitingAdmin.auth, method, path);
      expect(asWaiting.code, `${method} ${path} admin before the factor`).toBe(-11);
      expect(asWaiting.data, `${method} ${path} admin before the factor`).toEqual({ secondFactor: 'required' });
    }
    expect((await finance.page('/staff/roles')).status).toBe(403);
    expect((await finance.page('/staff/audit')).status).toBe(403);
    expect((await finance.page('/staff')).status).toBe(200);
    // Finance's own desk opens once the factor is given; before it, the page asks for it.
    expect((await finance.page('/member/remittances')).status).toBe(200);
    const waitingFinance = await signedInOn(suite.server.url, 'finance@example.org', 'Finance2026demo');
    const desk = await waitingFinance.page('/member/remittances');
    expect(desk.status).toBe(302);
    expect(desk.location).toBe('/staff/verify?redirect=%2Fmember%2Fremittances');
  });
});
