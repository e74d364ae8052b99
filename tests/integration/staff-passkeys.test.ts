import { describe, expect, it } from 'vitest';
import { type Envelope, mailWithSubject } from './helpers';
import { ownServerSuite, signedInOn as signedInOnServer } from './own-server';
import { softwarePasskey } from './passkey-authenticator';
import { freeTimeStep, totpCode } from '../setup/staff-sessions';

/**
 * Passkeys as the staff's second factor beside the authenticator app (decision 020): registering
 * one after the factor, passing the factor with one, and what is refused (a replayed answer or
 * challenge, another origin, no user verification, a counter that does not move, another
 * account's passkey, removal without a fresh code). On a server of its own (no SITE_URL: the
 * relying party is `http://localhost:PORT`), so its accounts' codes and failures are its own.
 */
const suite = ownServerSuite();
const ADMIN = ['admin@example.org', 'Admin2026demo'] as const;
const FINANCE = ['finance@example.org', 'Finance2026demo'] as const;

/** Codes of the demo authenticator for one account, each of a newer time step than the last. */
function demoApp() {
  let used = 0;
  return async () => totpCode((used = await freeTimeStep(used)));
}
const adminApp = demoApp();
const financeApp = demoApp();

function signedInOn(email: string, password: string, userType: 'individual' | 'organ' = 'individual') {
  return signedInOnServer(suite.server.url, email, password, userType, { secondFactor: false });
}
type Session = Awaited<ReturnType<typeof signedInOn>>;

async function withFactor(email: string, password: string, code: () => Promise<string>): Promise<Session> {
  const session = await signedInOn(email, password);
  expect((await session.post('/api/amsw1101/secondFactor/verify', { code: await code() })).code).toBe(0);
  return session;
}

/** The relying party's origin without SITE_URL: this machine's name on the server's port. */
const origin = () => `http://localhost:${new URL(suite.server.url).port}`;

type Options = { challenge: string; rp?: { id: string }; rpId?: string; allowCredentials?: { id: string }[] };
type Authenticator = ReturnType<typeof softwarePasskey>;

async function register(session: Session, key: Authenticator, name: string) {
  const options = await session.post<Options>('/api/amsw1101/secondFactor/passkeys/options', {});
  expect(options.code).toBe(0);
  return session.post<{ id: number; name: string }>('/api/amsw1101/secondFactor/passkeys', {
    name,
    response: key.register(options.data),
  });
}

async function challenge(session: Session) {
  const options = await session.post<Options>('/api/amsw1101/secondFactor/passkeys/challenge', {});
  expect(options.code).toBe(0);
  return options.data;
}

const verify = (session: Session, response: unknown) =>
  session.post<{ fields?: string[]; reason?: string }>('/api/amsw1101/secondFactor/passkeys/verify', { response });

describe('passkeys as a second factor', () => {
  const adminKey = () => (adminKeyMade ??= softwarePasskey(origin()));
  let adminKeyMade: Authenticator | undefined;
  /** The admin's session with the factor given (the account's factor is blocked after the first test). */
  let adminSession: Session | undefined;

  it('registers a passkey after the factor, then passes the factor with it; replays, other origins and unverified users are refused', async () => {
    // Before the factor, no passkey can be registered.
    const waiting = await signedInOn(...ADMIN);
    const early = await waiting.post<{ secondFactor: string }>('/api/amsw1101/secondFactor/passkeys/options', {});
    expect(early.code).toBe(-11);
    expect(early.data.secondFactor).toBe('required');
    // Nor can it pass with one it does not have.
    expect((await waiting.post('/api/amsw1101/secondFactor/passkeys/challenge', {})).code).toBe(-6);

    const admin = await withFactor(...ADMIN, adminApp);
    adminSession = admin;
    const options = await admin.post<Options & { authenticatorSelection: { userVerification: string } }>(
      '/api/amsw1101/secondFactor/passkeys/options',
      {},
    );
    expect(options.code).toBe(0);
    expect(options.data.rp?.id).toBe('localhost');
    expect(options.data.authenticatorSelection.userVerification).toBe('required');

    // Made for another site: refused, and the challenge is used up by the attempt.
    const phished = await admin.post<{ fields: string[] }>('/api/amsw1101/secondFactor/passkeys', {
      name: 'Phished',
      response: adminKey().register(options.data, { origin: 'https://portal.example.evil' }),
    });
    expect(phished.code).toBe(-10);
    expect(phished.data.fields).toEqual(['passkey']);
    const late = await admin.post('/api/amsw1101/secondFactor/passkeys', {
      name: 'Late',
      response: adminKey().register(options.data),
    });
    expect(late.code).toBe(-10);
    expect(late.message).toContain('通行金鑰驗證未通過');

    const added = await register(admin, adminKey(), 'Office laptop');
    expect(added.code).toBe(0);
    expect(added.data.name).toBe('Office laptop');
    const notice = await mailWithSubject('admin@example.org', '您的帳號已新增通行金鑰');
    expect(notice.text).toContain('通行金鑰');
    // The same authenticator's answer once more is refused (a credential is registered once).
    const twice = await register(admin, adminKey(), 'Again');
    expect(twice.code).toBe(-13);
    const listed = await admin.call<{ id: number; name: string; lastUsedAt: string | null }[]>(
      '/api/amsw1101/secondFactor/passkeys',
    );
    expect(listed.data).toEqual([
      expect.objectContaining({ id: added.data.id, name: 'Office laptop', lastUsedAt: null }),
    ]);
    const home = await admin.page('/en-us/staff');
    expect(home.html).toContain('Passkeys');
    expect(home.html).toContain('Office laptop');

    // A new session passes the factor with the passkey, and its staff roles count.
    const next = await signedInOn(...ADMIN);
    expect((await next.call<{ passkeys: number }>('/api/amsw1101/secondFactor')).data.passkeys).toBe(1);
    const asked = await challenge(next);
    expect(asked.rpId).toBe('localhost');
    expect(asked.allowCredentials?.map((c) => c.id)).toEqual([adminKey().id]);
    expect((await next.call('/api/amsw1101/roles')).code).toBe(-11);
    const answer = adminKey().assert(asked);
    expect((await verify(next, answer)).code).toBe(0);
    expect((await next.call('/api/amsw1101/roles')).code).toBe(0);

    // The same answer again: its challenge is gone, in this session and in another.
    expect((await verify(next, answer)).code).toBe(-10);
    const other = await signedInOn(...ADMIN);
    await challenge(other);
    expect((await verify(other, answer)).code).toBe(-10);
    expect((await other.call('/api/amsw1101/roles')).code).toBe(-11);
    // Signed for another origin, or without the user verified: refused.
    expect((await verify(other, adminKey().assert(await challenge(other), { origin: 'http://127.0.0.1' }))).code).toBe(
      -10,
    );
    expect((await verify(other, adminKey().assert(await challenge(other), { unverified: true }))).code).toBe(-10);
    expect((await other.call('/api/amsw1101/roles')).code).toBe(-11);
    // A copied authenticator shows as a counter that does not move on.
    const copied = await verify(other, adminKey().assert(await challenge(other), { counter: 1 }));
    expect(copied.code).toBe(-10);

    // That was the fifth refusal in a row: the factor is blocked, passkeys and codes alike.
    const blocked = await other.post<{ reason: string }>('/api/amsw1101/secondFactor/passkeys/challenge', {});
    expect(blocked.code).toBe(-11);
    expect(blocked.data.reason).toBe('rateLimited');
    expect((await other.post('/api/amsw1101/secondFactor/verify', { code: await adminApp() })).code).toBe(-11);

    // Every step is in the audit log.
    const log = await admin.call<{ rows: { action: string; detail: { method?: string } | null }[] }>(
      '/api/amsw1101/audit?action=secondFactor&q=admin%40example.org',
    );
    const actions = log.data.rows.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['secondFactor.passkeyAdded', 'secondFactor.passkeyUsed']));
    expect(
      log.data.rows.filter((r) => r.action === 'secondFactor.failed' && r.detail?.method === 'passkey'),
    ).toHaveLength(5);
  });

  it("refuses another account's passkey, and removes one only for a fresh code", async () => {
    const finance = await withFactor(...FINANCE, financeApp);
    const financeKey = softwarePasskey(origin());
    const added = await register(finance, financeKey, 'Security key');
    expect(added.code).toBe(0);

    // The admin's passkey, answering the finance session's challenge, is not finance's.
    const waiting = await signedInOn(...FINANCE);
    const stranger = await verify(waiting, adminKey().assert(await challenge(waiting)));
    expect(stranger.code).toBe(-10);
    expect((await waiting.call('/api/amsw1101/people')).code).toBe(-11);
    expect((await verify(waiting, financeKey.assert(await challenge(waiting)))).code).toBe(0);

    // Removal: a wrong code changes nothing; another account's passkey is not found; then gone.
    const wrong = await finance.post<{ fields: string[] }>('/api/amsw1101/secondFactor/passkeys/remove', {
      id: added.data.id,
      code: '000000',
    });
    expect(wrong.code).toBe(-10);
    expect(wrong.data.fields).toEqual(['code']);
    const kept = await finance.call<{ id: number }[]>('/api/amsw1101/secondFactor/passkeys');
    expect(kept.data.map((p) => p.id)).toEqual([added.data.id]);
    const notMine = await finance.post('/api/amsw1101/secondFactor/passkeys/remove', {
      id: added.data.id + 1000,
      code: await financeApp(),
    });
    expect(notMine.code).toBe(-6);
    const removed = await finance.post('/api/amsw1101/secondFactor/passkeys/remove', {
      id: added.data.id,
      code: await financeApp(),
    });
    expect(removed.code).toBe(0);
    expect((await finance.call<unknown[]>('/api/amsw1101/secondFactor/passkeys')).data).toEqual([]);
    await mailWithSubject('finance@example.org', '您的帳號已移除通行金鑰');
    // Without a passkey there is nothing to answer with.
    const after = await signedInOn(...FINANCE);
    expect((await after.post('/api/amsw1101/secondFactor/passkeys/challenge', {})).code).toBe(-6);
    const log = await adminSession!.call<{ rows: { action: string; before: unknown }[] }>(
      '/api/amsw1101/audit?action=secondFactor.passkeyRemoved&q=finance%40example.org',
    );
    expect(log.data.rows).toEqual([
      expect.objectContaining({ before: { passkeyId: added.data.id, name: 'Security key' } }),
    ]);
  });
});

describe('who reaches the passkey endpoints', () => {
  const ENDPOINTS: [method: 'GET' | 'POST', path: string][] = [
    ['GET', '/api/amsw1101/secondFactor/passkeys'],
    ['POST', '/api/amsw1101/secondFactor/passkeys'],
    ['POST', '/api/amsw1101/secondFactor/passkeys/options'],
    ['POST', '/api/amsw1101/secondFactor/passkeys/remove'],
    ['POST', '/api/amsw1101/secondFactor/passkeys/challenge'],
    ['POST', '/api/amsw1101/secondFactor/passkeys/verify'],
  ];
  const assertion = softwarePasskey('http://localhost').assert({ challenge: 'AAAA' });
  // A well-formed body for every endpoint: the refusals below are about who asks, not what.
  const BODY = {
    id: 1,
    code: '123456',
    name: 'Mine',
    response: { ...assertion, response: { ...assertion.response, attestationObject: 'AAAA' } },
  };

  async function callAs(auth: Record<string, string>, method: string, path: string) {
    const res = await fetch(suite.server.url + path, {
      method,
      headers: { ...auth, ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
      ...(method === 'POST' ? { body: JSON.stringify(BODY) } : {}),
    });
    return (await res.json()) as Envelope;
  }

  it('refuses visitors, organisations, members and reviewers, and staff before the factor where it is needed', async () => {
    const organ = await signedInOn('organ@example.org', 'Organ2026demo', 'organ');
    const member = await signedInOn('member@example.org', 'Member2026demo');
    const reviewer = await signedInOn('reviewer@example.org', 'Reviewer2026demo');
    for (const [method, path] of ENDPOINTS) {
      expect((await callAs({}, method, path)).code, `${method} ${path} visitor`).toBe(-9);
      expect((await callAs(organ.auth, method, path)).code, `${method} ${path} organisation`).toBe(-11);
      expect((await callAs(member.auth, method, path)).code, `${method} ${path} member`).toBe(-11);
      expect((await callAs(reviewer.auth, method, path)).code, `${method} ${path} reviewer`).toBe(-11);
    }
    // Staff of any role may keep passkeys, once their session has given the factor.
    const editor = await signedInOn('editor@example.org', 'Editor2026demo');
    for (const [method, path] of ENDPOINTS.slice(0, 3)) {
      const refused = await callAs(editor.auth, method, path);
      expect(refused.code, `${method} ${path} before the factor`).toBe(-11);
      expect(refused.data, `${method} ${path} before the factor`).toEqual({ secondFactor: 'required' });
    }
  });
});
