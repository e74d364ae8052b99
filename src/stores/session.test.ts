import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises, memoryStorage, stubPageLocale } from '@/client/test-support';

const mocks = vi.hoisted(() => ({ navigate: vi.fn(), showToast: vi.fn() }));

vi.mock('@/stores/toast', () => ({ showToast: mocks.showToast }));
vi.mock('@/client/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/client/navigation')>()),
  navigate: mocks.navigate,
}));

let storage: Storage;
let session: typeof import('./session');

async function loadSession(stored: Record<string, string> = {}): Promise<void> {
  vi.resetModules();
  storage = memoryStorage(stored);
  vi.stubGlobal('localStorage', storage);
  session = await import('./session');
}

beforeEach(async () => {
  vi.clearAllMocks();
  await loadSession();
});
afterEach(() => vi.unstubAllGlobals());

const signInAs = (userType: 'individual' | 'organ', id: number | string = 7) =>
  session.setSignedIn({ userType, account: { id, name: 'Ann' } });

describe('session state', () => {
  it('starts signed out with empty storage', () => {
    expect(session.userType.get()).toBeNull();
    expect(session.accountId.get()).toBeNull();
    expect(session.account.get()).toBeNull();
    expect(session.isSignedIn()).toBe(false);
  });

  it('restores the user type and account id stored by an earlier page', async () => {
    await loadSession({ 'ams-userType': 'organ', 'ams-accountId': '12' });
    expect(session.userType.get()).toBe('organ');
    expect(session.accountId.get()).toBe('12');
    expect(session.account.get()).toBeNull();
  });

  it('ignores an unknown stored user type', async () => {
    await loadSession({ 'ams-userType': 'admin' });
    expect(session.userType.get()).toBeNull();
  });

  it('setSignedIn keeps the account and stores the user type and id', () => {
    signInAs('individual', 7);
    expect(session.account.get()).toEqual({ id: 7, name: 'Ann' });
    expect(session.accountId.get()).toBe('7');
    expect(storage.getItem('ams-userType')).toBe('individual');
    expect(storage.getItem('ams-accountId')).toBe('7');
  });

  it('clearSession empties the state and the storage', () => {
    signInAs('organ');
    session.clearSession();
    expect(session.userType.get()).toBeNull();
    expect(session.account.get()).toBeNull();
    expect(session.accountId.get()).toBeNull();
    expect(storage.getItem('ams-userType')).toBeNull();
    expect(storage.getItem('ams-accountId')).toBeNull();
  });
});

describe('handleSessionExpired', () => {
  it('when signed in: clears the state, shows the error and goes to /login', () => {
    signInAs('individual');
    expect(session.handleSessionExpired()).toBe(true);
    expect(session.userType.get()).toBeNull();
    expect(storage.getItem('ams-userType')).toBeNull();
    expect(mocks.showToast).toHaveBeenCalledWith({ message: '登入身份已失效，請重新登入', type: 'error' });
    expect(mocks.navigate).toHaveBeenCalledWith('/login');
  });

  it('speaks English and stays in English on an en-us page', () => {
    stubPageLocale('en-us');
    signInAs('organ');
    session.handleSessionExpired();
    expect(mocks.showToast).toHaveBeenCalledWith({
      message: 'Your sign-in has expired, please sign in again',
      type: 'error',
    });
    expect(mocks.navigate).toHaveBeenCalledWith('/en-us/login');
  });

  it('does nothing when nobody is signed in, so several failing calls act once', () => {
    signInAs('individual');
    session.handleSessionExpired();
    expect(session.handleSessionExpired()).toBe(false);
    expect(mocks.showToast).toHaveBeenCalledTimes(1);
    expect(mocks.navigate).toHaveBeenCalledTimes(1);
  });
});

describe('watchOtherTabs', () => {
  function fakeDocument() {
    const target = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState };
    target.visibilityState = 'hidden';
    const show = async (state: DocumentVisibilityState = 'visible') => {
      target.visibilityState = state;
      target.dispatchEvent(new Event('visibilitychange'));
      await flushPromises();
    };
    return { target: target as unknown as Document, show };
  }

  it('does nothing when the stored account is the one this tab shows', async () => {
    signInAs('individual', 7);
    const refresh = vi.fn();
    const doc = fakeDocument();
    session.watchOtherTabs(refresh, doc.target);
    await doc.show();
    expect(refresh).not.toHaveBeenCalled();
    expect(mocks.navigate).not.toHaveBeenCalled();
  });

  it('takes over another account signed in elsewhere, refreshes and goes home', async () => {
    signInAs('individual', 7);
    storage.setItem('ams-userType', 'organ');
    storage.setItem('ams-accountId', '99');
    const seenByRefresh: unknown[] = [];
    const refresh = vi.fn(() => {
      seenByRefresh.push(session.userType.get(), session.accountId.get(), session.account.get());
    });
    const doc = fakeDocument();
    session.watchOtherTabs(refresh, doc.target);
    await doc.show();
    expect(refresh).toHaveBeenCalledOnce();
    expect(seenByRefresh).toEqual(['organ', '99', null]);
    expect(mocks.navigate).toHaveBeenCalledWith('/');
  });

  it('notices a sign-out in another tab, and goes to the home of the page language', async () => {
    stubPageLocale('en-us');
    signInAs('individual', 7);
    storage.clear();
    const doc = fakeDocument();
    session.watchOtherTabs(vi.fn(), doc.target);
    await doc.show();
    expect(session.isSignedIn()).toBe(false);
    expect(mocks.navigate).toHaveBeenCalledWith('/en-us/');
  });

  it('goes home even when the refresh fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    storage.setItem('ams-userType', 'organ');
    const doc = fakeDocument();
    session.watchOtherTabs(() => Promise.reject(new Error('offline')), doc.target);
    await doc.show();
    expect(mocks.navigate).toHaveBeenCalledWith('/');
    expect(console.warn).toHaveBeenCalled();
  });

  it('ignores the tab being hidden, and stops when asked', async () => {
    storage.setItem('ams-userType', 'organ');
    const refresh = vi.fn();
    const doc = fakeDocument();
    const stop = session.watchOtherTabs(refresh, doc.target);
    await doc.show('hidden');
    expect(refresh).not.toHaveBeenCalled();
    stop();
    await doc.show();
    expect(refresh).not.toHaveBeenCalled();
  });
});
