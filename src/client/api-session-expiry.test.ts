/** The -8 path end to end through the real stores: API client -> session -> toast -> navigation. */
import { afterEach, expect, it, vi } from 'vitest';
import { memoryStorage } from './test-support';

afterEach(() => vi.unstubAllGlobals());

it('a -8 answer while signed in clears the session, toasts once and goes to /login', async () => {
  vi.stubGlobal('localStorage', memoryStorage({ 'ams-userType': 'individual', 'ams-accountId': '1' }));
  const { setNavigate } = await import('./navigation');
  const navigate = vi.fn();
  setNavigate(navigate);
  const { userType } = await import('@/stores/session');
  const { toasts } = await import('@/stores/toast');
  const { apiGet } = await import('./api');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ code: -8, data: null, message: 'token 驗證失敗' })),
  );

  const calls = [apiGet('/api/amsw0101'), apiGet('/api/amsw0101/statistics')];
  for (const call of calls) await expect(call).rejects.toMatchObject({ code: -8 });

  expect(userType.get()).toBeNull();
  expect(localStorage.getItem('ams-userType')).toBeNull();
  expect(toasts.get().map((t) => t.message)).toEqual(['登入身份已失效，請重新登入']);
  expect(navigate).toHaveBeenCalledOnce();
  expect(navigate).toHaveBeenCalledWith('/login');
});

it('a -8 answer to a call authorised by the e-mail token leaves the sign-in session alone', async () => {
  vi.stubGlobal('localStorage', memoryStorage({}));
  const { setNavigate } = await import('./navigation');
  const navigate = vi.fn();
  setNavigate(navigate);
  const { setSignedIn, userType } = await import('@/stores/session');
  setSignedIn({ userType: 'individual', account: { id: 1 } });
  const { apiPut } = await import('./api');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ code: -8, data: null, message: 'token 驗證失敗' })),
  );

  const call = apiPut('/api/amsw0101/resetCid', { newPassword: 'Reset2026done' }, { emailAuthorized: true });
  await expect(call).rejects.toMatchObject({ code: -8 });

  expect(userType.get()).toBe('individual');
  expect(localStorage.getItem('ams-userType')).toBe('individual');
  expect(navigate).not.toHaveBeenCalled();
});
