import { describe, expect, it } from 'vitest';
import { api, json, signIn, signUpIndividual } from './helpers';

const IDENTITY = {
  lineUserId: `U${'a'.repeat(8)}${Date.now().toString(16).padStart(24, '0')}`.slice(0, 33),
  displayName: '測試 LINE',
};

async function authorize(cookie: string) {
  const res = await api<{ authorizeUrl: string; simulated: boolean }>('/api/amsw0101/lineAuthorize', {
    headers: { Cookie: cookie },
  });
  expect(res.body.code).toBe(0);
  expect(res.body.data.simulated).toBe(true);
  const url = new URL(res.body.data.authorizeUrl);
  expect(url.pathname).toBe('/line/simulator');
  return {
    state: url.searchParams.get('state')!,
    codeChallenge: url.searchParams.get('code_challenge')!,
    redirectUri: url.searchParams.get('redirect_uri')!,
  };
}

async function consent(flow: { codeChallenge: string; redirectUri: string }, identity = IDENTITY) {
  const res = await api<{ code: string }>('/api/amsw0101/lineSimulator', {
    method: 'POST',
    ...json({ ...flow, ...identity }),
  });
  expect(res.body.code).toBe(0);
  return res.body.data.code;
}

describe('LINE link through the built-in LINE Login simulator', () => {
  it('links with state and PKCE, refuses a reused code, and unlinks', async () => {
    const user = await signUpIndividual();
    const { cookie } = await signIn(user.email, user.password);
    const flow = await authorize(cookie);
    expect(flow.redirectUri).toMatch(/\/line\/link$/);
    const code = await consent(flow);
    const linked = await api<{ displayName: string }>('/api/amsw0101/linkLine', {
      method: 'POST',
      ...json({ code, state: flow.state }, { Cookie: cookie }),
    });
    expect(linked.body).toMatchObject({ code: 0, data: { lineLinked: true, displayName: '測試 LINE' } });
    expect(
      (await api<{ lineLinked: boolean }>('/api/amsw0101', { headers: { Cookie: cookie } })).body.data.lineLinked,
    ).toBe(true);

    const replay = await api('/api/amsw0101/linkLine', {
      method: 'POST',
      ...json({ code, state: flow.state }, { Cookie: cookie }),
    });
    expect(replay.body.code).toBe(-12);

    expect((await api('/api/amsw0101/unlinkLine', { headers: { Cookie: cookie } })).body.code).toBe(0);
    expect(
      (await api<{ lineLinked: boolean }>('/api/amsw0101', { headers: { Cookie: cookie } })).body.data.lineLinked,
    ).toBe(false);
    expect((await api('/api/amsw0101/unlinkLine', { headers: { Cookie: cookie } })).body).toMatchObject({
      code: -6,
      message: '尚未綁定 LINE 帳號',
    });
  });

  it('refuses a state started by another session', async () => {
    const user = await signUpIndividual();
    const first = await signIn(user.email, user.password);
    const second = await signIn(user.email, user.password);
    const flow = await authorize(first.cookie);
    const code = await consent(flow);
    const res = await api('/api/amsw0101/linkLine', {
      method: 'POST',
      ...json({ code, state: flow.state }, { Cookie: second.cookie }),
    });
    expect(res.body.code).toBe(-12);
  });

  it('refuses a LINE account already linked to someone else with -13', async () => {
    const identity = {
      lineUserId: `U${'b'.repeat(16)}${Date.now().toString(16).padStart(16, '0')}`.slice(0, 33),
      displayName: 'Shared',
    };
    for (const [index, expected] of [
      [0, 0],
      [1, -13],
    ] as const) {
      const user = await signUpIndividual();
      const { cookie } = await signIn(user.email, user.password);
      const flow = await authorize(cookie);
      const code = await consent(flow, identity);
      const res = await api('/api/amsw0101/linkLine', {
        method: 'POST',
        ...json({ code, state: flow.state }, { Cookie: cookie }),
      });
      expect(res.body.code, `account ${index}`).toBe(expected);
    }
  });

  it('never issues a code for a callback other than our own (no open redirect)', async () => {
    const user = await signUpIndividual();
    const { cookie } = await signIn(user.email, user.password);
    const flow = await authorize(cookie);
    const res = await api('/api/amsw0101/lineSimulator', {
      method: 'POST',
      ...json({ ...flow, redirectUri: 'https://evil.example/line/link', ...IDENTITY }),
    });
    expect(res.body.code).toBe(-10);
  });

  it('needs an individual session', async () => {
    expect((await api('/api/amsw0101/lineAuthorize')).body.code).toBe(-9);
    const organ = await signIn('organ@example.org', 'Organ2026demo', 'organ');
    expect((await api('/api/amsw0101/unlinkLine', { headers: { Cookie: organ.cookie } })).body.code).toBe(-11);
  });
});
