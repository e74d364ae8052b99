import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage, stubPageLocale } from '@/client/test-support';

const mocks = vi.hoisted(() => ({ apiGet: vi.fn(), navigate: vi.fn(), showToast: vi.fn() }));

vi.mock('@/client/api', () => ({ apiGet: mocks.apiGet }));
vi.mock('@/stores/toast', () => ({ showToast: mocks.showToast }));
vi.mock('@/client/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/client/navigation')>()),
  navigate: mocks.navigate,
}));

let session: typeof import('@/stores/session');
let logout: typeof import('./logout').logout;

beforeEach(async () => {
  vi.clearAllMocks();
  mocks.apiGet.mockResolvedValue(null);
  vi.resetModules();
  vi.stubGlobal('localStorage', memoryStorage({}));
  session = await import('@/stores/session');
  ({ logout } = await import('./logout'));
});
afterEach(() => vi.unstubAllGlobals());

const signInAs = (userType: 'individual' | 'organ', id: number | string = 7) =>
  session.setSignedIn({ userType, account: { id, name: 'Ann' } });

describe('logout', () => {
  it.each([
    ['individual', '/api/amsw0101/logout'],
    ['organ', '/api/amsw0103/logout'],
  ] as const)('signs a %s account out through %s', async (userType, path) => {
    signInAs(userType);
    await logout();
    expect(mocks.apiGet).toHaveBeenCalledWith(path, { suppressErrorToast: true });
    expect(session.userType.get()).toBeNull();
    expect(mocks.showToast).toHaveBeenCalledWith({ message: '登出成功', type: 'success' });
    expect(mocks.navigate).toHaveBeenCalledWith('/login');
  });

  it('clears the state before the call, so a -8 answer does not run the expiry path', async () => {
    signInAs('individual');
    let signedInDuringCall: boolean | undefined;
    mocks.apiGet.mockImplementation(async () => {
      signedInDuringCall = session.isSignedIn();
    });
    await logout();
    expect(signedInDuringCall).toBe(false);
  });

  it('uses the individual logout when the user type is unknown', async () => {
    await logout();
    expect(mocks.apiGet).toHaveBeenCalledWith('/api/amsw0101/logout', { suppressErrorToast: true });
  });

  it('silent: no toast; noRedirect: stays on the page', async () => {
    signInAs('individual');
    await logout({ silent: true, noRedirect: true });
    expect(session.userType.get()).toBeNull();
    expect(mocks.showToast).not.toHaveBeenCalled();
    expect(mocks.navigate).not.toHaveBeenCalled();
  });

  it('signs out in the browser even when the call fails', async () => {
    signInAs('organ');
    mocks.apiGet.mockRejectedValue(new Error('Request failed'));
    await logout();
    expect(session.userType.get()).toBeNull();
    expect(mocks.navigate).toHaveBeenCalledWith('/login');
  });

  it('speaks English on an en-us page', async () => {
    stubPageLocale('en-us');
    signInAs('individual');
    await logout();
    expect(mocks.showToast).toHaveBeenCalledWith({ message: 'Signed out', type: 'success' });
    expect(mocks.navigate).toHaveBeenCalledWith('/en-us/login');
  });
});
