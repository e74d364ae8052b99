import { describe, expect, it } from 'vitest';
import { baseUrl, signIn, signUpIndividual } from './helpers';
import { signedInOn } from './own-server';

/**
 * The office opens a member's own pages read-only (DESIGN.md §19, services/staff/view-as.ts): the
 * session shows the member until the view ends, every write is refused, the member's roles do not
 * come along, and the look is audited. The office worker signs in a session of their own here
 * (remembered), since the suite's shared staff sessions must not turn into a member's.
 */
const ADMIN = ['admin@example.org', 'Admin2026demo'] as const;

async function ownOfficeSession() {
  const session = await signIn(...ADMIN, 'individual', true);
  const base = baseUrl();
  const headers = { Authorization: `Bearer ${session.token}` };
  const call = async <T>(path: string, init: RequestInit = {}) => {
    const res = await fetch(base + path, { ...init, headers: { ...headers, ...(init.headers as object) } });
    return (await res.json()) as { code: number; data: T; message: string };
  };
  const send = <T>(method: string, path: string, body: unknown) =>
    call<T>(path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const page = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(base + path, {
      ...init,
      headers: { Cookie: session.cookie, ...(init.headers as object) },
      redirect: 'manual',
    });
    return { status: res.status, html: await res.text() };
  };
  return { call, post: <T>(path: string, body: unknown) => send<T>('POST', path, body), send, page };
}

interface Hit {
  id: number;
  email: string;
}

async function accountIdOf(staff: { call: <T>(path: string) => Promise<{ data: T }> }, email: string) {
  const found = await staff.call<{ rows: Hit[] }>(`/api/amsw1101/people?q=${encodeURIComponent(email)}`);
  return found.data.rows.find((r) => r.email === email)!.id;
}

describe("the member's own view", () => {
  it('shows the member’s pages read-only until the office ends it, and audits the look', async () => {
    const office = await ownOfficeSession();
    const person = await signUpIndividual({ nameZh: '溫若晴', nameEn: 'Wen Jo-Ching' });
    const accountId = await accountIdOf(office, person.email);

    const opened = await office.post<{ until: string }>('/api/amsw1101/people/view', { accountId });
    expect(opened.code).toBe(0);
    const minutes = (Date.parse(opened.data.until) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);

    // The session is the member's: their account, their member area, with the banner on top.
    const me = await office.call<{ email: string }>('/api/amsw0101');
    expect(me.data.email).toBe(person.email);
    const centre = await office.page('/en-us/webUser/center');
    expect(centre.status).toBe(200);
    expect(centre.html).toContain('Wen Jo-Ching');
    expect(centre.html).toContain('pages as they see them, read-only');

    // Nothing can be changed: API writes, a state-changing GET, a page form; the console is closed.
    const edit = await office.send('PUT', '/api/amsw0101/editWork', {
      workplace: 'Changed by the office',
      department: '',
      jobTitle: '',
      education: '',
    });
    expect(edit.code).toBe(-11);
    expect(edit.message).toMatch(/無法變更/);
    const english = await office.call('/api/amsw0101/unlinkLine', { headers: { Lang: 'en-us' } });
    expect(english.code).toBe(-11);
    expect(english.message).toMatch(/nothing can be changed/);
    const form = await office.page('/en-us/webUser/center', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: baseUrl() },
      body: 'workplace=x',
    });
    expect(form.status).toBe(403);
    expect((await office.call('/api/amsw1101/people?q=a')).code).toBe(-11);
    // A document issued on its first download is a write too.
    const certificate = await office.call('/api/amsw0101/certificate');
    expect(certificate.code).toBe(-11);
    expect(certificate.message).toMatch(/無法變更/);
    const own = await office.call<{ workplace: string }>('/api/amsw0101');
    expect(own.data.workplace).not.toBe('Changed by the office');

    // Ending the view gives the worker their own session back and names whose pages were open.
    const ended = await office.post<{ accountId: number | null }>('/api/amsw1101/people/view/end', {});
    expect(ended).toMatchObject({ code: 0, data: { accountId } });
    expect((await office.call<{ email: string }>('/api/amsw0101')).data.email).toBe(ADMIN[0]);
    const after = await office.page('/en-us/webUser/center');
    expect(after.html).not.toContain('pages as they see them, read-only');

    const story = await office.call<{ audit: { rows: { action: string; actorEmail: string | null }[] } }>(
      `/api/amsw1101/people/story?accountId=${accountId}`,
    );
    expect(story.data.audit.rows).toContainEqual(
      expect.objectContaining({ action: 'person.viewed', actorEmail: ADMIN[0] }),
    );
  });

  it('leaves the member’s roles behind: a reviewer’s desk stays closed to the office', async () => {
    const office = await ownOfficeSession();
    const reviewer = await signedInOn(baseUrl(), 'reviewer@example.org', 'Reviewer2026demo');
    const desk = await reviewer.page('/en-us/member/review');
    expect(desk.status).toBe(200);
    const accountId = await accountIdOf(office, 'reviewer@example.org');
    expect((await office.post('/api/amsw1101/people/view', { accountId })).code).toBe(0);
    expect((await reviewer.call<{ roles: string[] }>('/api/amsw0101')).data.roles).not.toEqual([]);
    const viewed = await office.call<{ email: string; roles: string[] }>('/api/amsw0101');
    expect(viewed.data).toMatchObject({ email: 'reviewer@example.org', roles: [] });
    const closed = await office.page('/en-us/member/review');
    expect(closed.status).not.toBe(200);
    await office.post('/api/amsw1101/people/view/end', {});
  });

  it('refuses your own account, a closed or unknown one, and anyone but the office', async () => {
    const office = await ownOfficeSession();
    const selfId = await accountIdOf(office, ADMIN[0]);
    const self = await office.post('/api/amsw1101/people/view', { accountId: selfId });
    expect(self.code).toBe(-10);
    expect((await office.post('/api/amsw1101/people/view', { accountId: 2_000_000_000 })).code).toBe(-6);
    expect((await office.post('/api/amsw1101/people/view', {})).code).toBe(-2);

    const person = await signUpIndividual({ nameZh: '韓立安', nameEn: 'Han Li-An' });
    const closedId = await accountIdOf(office, person.email);
    const closed = await office.post('/api/amsw1101/people/close', {
      accountId: closedId,
      close: true,
      reason: 'A duplicate',
    });
    expect(closed.code).toBe(0);
    const refused = await office.post('/api/amsw1101/people/view', { accountId: closedId });
    expect(refused.code).toBe(-10);
    expect((await office.call<{ email: string }>('/api/amsw0101')).data.email).toBe(ADMIN[0]);

    const member = await signedInOn(baseUrl(), 'member@example.org', 'Member2026demo');
    const finance = await signedInOn(baseUrl(), 'finance@example.org', 'Finance2026demo');
    const waiting = await signedInOn(baseUrl(), ...ADMIN, 'individual', { secondFactor: false });
    for (const who of [member, finance])
      expect((await who.post('/api/amsw1101/people/view', { accountId: closedId })).code).toBe(-11);
    const beforeFactor = await waiting.post<{ secondFactor?: string }>('/api/amsw1101/people/view', {
      accountId: closedId,
    });
    expect(beforeFactor).toMatchObject({ code: -11, data: { secondFactor: 'required' } });
    const visitor = await fetch(`${baseUrl()}/api/amsw1101/people/view`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ accountId: closedId }),
    });
    expect(((await visitor.json()) as { code: number }).code).toBe(-9);
    // A member who is not viewing anyone ends nothing and stays themselves.
    expect(await member.post('/api/amsw1101/people/view/end', {})).toMatchObject({
      code: 0,
      data: { accountId: null },
    });
  });
});
