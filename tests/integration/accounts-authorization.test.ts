import { beforeAll, describe, expect, it } from 'vitest';
import { api, json, signIn, signUpIndividual, signUpOrganisation } from './helpers';

type Caller = 'anonymous' | 'member' | 'webUser' | 'organ';

interface Call {
  method: string;
  path: (ids: Record<Caller, number>) => string;
  body?: unknown;
  /** Which callers the endpoint serves; everyone else gets -9 (anonymous) or -11. */
  for: 'individual' | 'organ';
}

const calls: Record<string, Call> = {
  'GET amsw0101': { method: 'GET', path: () => '/api/amsw0101', for: 'individual' },
  'GET amsw0101/detail': {
    method: 'GET',
    path: (ids) => `/api/amsw0101/detail?accountId=${ids.member}`,
    for: 'individual',
  },
  'PUT amsw0101/edit': {
    method: 'PUT',
    path: () => '/api/amsw0101/edit',
    body: { mobile: '0911222333' },
    for: 'individual',
  },
  'PUT amsw0101/editWork': {
    method: 'PUT',
    path: () => '/api/amsw0101/editWork',
    body: { workplace: '臺大醫院' },
    for: 'individual',
  },
  'PUT amsw0101/editCid': {
    method: 'PUT',
    path: () => '/api/amsw0101/editCid',
    body: { currentPassword: 'Wrong2026x', newPassword: 'Other2026trial' },
    for: 'individual',
  },
  'GET amsw0101/statistics': { method: 'GET', path: () => '/api/amsw0101/statistics', for: 'individual' },
  'GET amsw0101/application': { method: 'GET', path: () => '/api/amsw0101/application', for: 'individual' },
  'GET amsw0101/lineAuthorize': { method: 'GET', path: () => '/api/amsw0101/lineAuthorize', for: 'individual' },
  'POST amsw0101/linkLine': {
    method: 'POST',
    path: () => '/api/amsw0101/linkLine',
    body: { code: 'not-a-real-code', state: 'not-a-state-of-this-session-0123456789' },
    for: 'individual',
  },
  'GET amsw0101/unlinkLine': { method: 'GET', path: () => '/api/amsw0101/unlinkLine', for: 'individual' },
  'GET amsw0103': { method: 'GET', path: () => '/api/amsw0103', for: 'organ' },
  'GET amsw0103/statistics': { method: 'GET', path: () => '/api/amsw0103/statistics', for: 'organ' },
  'GET amsw0103/detail': { method: 'GET', path: (ids) => `/api/amsw0103/detail?accountId=${ids.organ}`, for: 'organ' },
  'PUT amsw0103/edit': {
    method: 'PUT',
    path: () => '/api/amsw0103/edit',
    body: {
      name: '仁愛綜合醫院',
      contactName: '張淑芬',
      phone: '02-2709-3600',
      address: '臺北市大安區仁愛路四段 10 號',
    },
    for: 'organ',
  },
  'PUT amsw0103/editCid': {
    method: 'PUT',
    path: () => '/api/amsw0103/editCid',
    body: { currentPassword: 'Wrong2026x', newPassword: 'Other2026trial' },
    for: 'organ',
  },
  'GET amsw0103/topic': { method: 'GET', path: () => '/api/amsw0103/topic', for: 'organ' },
};

describe('authorisation of the account API', () => {
  const cookies: Record<Caller, string> = { anonymous: '', member: '', webUser: '', organ: '' };
  const ids: Record<Caller, number> = { anonymous: 0, member: 0, webUser: 0, organ: 0 };

  beforeAll(async () => {
    // Accounts of its own, so edits here never race other test files' reads of the demo data.
    const member = await signUpIndividual();
    const webUser = await signUpIndividual();
    const organ = await signUpOrganisation();
    const sessions = {
      member: await signIn(member.email, member.password),
      webUser: await signIn(webUser.email, webUser.password),
      organ: await signIn(organ.email, organ.password, 'organ'),
    };
    for (const caller of ['member', 'webUser', 'organ'] as const) {
      cookies[caller] = sessions[caller].cookie;
      const family = caller === 'organ' ? 'amsw0103' : 'amsw0101';
      ids[caller] = (
        await api<{ accountId: number }>(`/api/${family}`, { headers: { Cookie: cookies[caller] } })
      ).body.data.accountId;
    }
  });

  for (const [name, call] of Object.entries(calls)) {
    it.each(['anonymous', 'member', 'webUser', 'organ'] as const)(`${name} as %s`, async (caller) => {
      const headers: Record<string, string> = caller === 'anonymous' ? {} : { Cookie: cookies[caller] };
      const init = call.body ? { method: call.method, ...json(call.body, headers) } : { method: call.method, headers };
      const res = await api(call.path(ids), init);
      const isRightType = call.for === 'organ' ? caller === 'organ' : caller === 'member' || caller === 'webUser';
      if (caller === 'anonymous') expect(res.body.code).toBe(-9);
      else if (!isRightType) expect(res.body.code).toBe(-11);
      else if (name.endsWith('/detail') && caller === 'webUser')
        expect(res.body.code).toBe(-11); // another account's record
      else if (name.endsWith('/editCid'))
        expect(res.body.code).toBe(-10); // reached the service: wrong current password
      else if (name.endsWith('/linkLine'))
        expect(res.body.code).toBe(-12); // reached the service: unknown state
      else if (name.endsWith('/unlinkLine'))
        expect(res.body.code).toBe(-6); // reached the service: nothing linked
      else expect(res.body.code).toBe(0);
    });
  }
});
