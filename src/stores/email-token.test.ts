import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '@/client/test-support';

let storage: Storage;

beforeEach(() => {
  vi.resetModules();
  storage = memoryStorage();
  vi.stubGlobal('sessionStorage', storage);
});
afterEach(() => vi.unstubAllGlobals());

const load = () => import('./email-token');

describe('email token store', () => {
  it('gives the token until it expires', async () => {
    const { setEmailToken, validEmailToken } = await load();
    expect(validEmailToken(1000)).toBeNull();
    setEmailToken({ token: 'tok', expiresAt: 2000 });
    expect(validEmailToken(1999)).toBe('tok');
    expect(validEmailToken(2000)).toBeNull();
  });

  it('keeps the token for the tab and restores it on the next page load', async () => {
    const first = await load();
    first.setEmailToken({ token: 'tok', expiresAt: 2000 });
    vi.resetModules();
    const second = await load();
    expect(second.emailToken.get()).toEqual({ token: 'tok', expiresAt: 2000 });
  });

  it('ignores a stored value that is not a token', async () => {
    storage.setItem('ams-emailToken', '{"token":1}');
    expect((await load()).emailToken.get()).toBeNull();
    vi.resetModules();
    storage.setItem('ams-emailToken', 'not json');
    expect((await load()).emailToken.get()).toBeNull();
  });

  it('clears the token and its stored copy', async () => {
    const { setEmailToken, clearEmailToken, validEmailToken } = await load();
    setEmailToken({ token: 'tok', expiresAt: Number.MAX_SAFE_INTEGER });
    clearEmailToken();
    expect(validEmailToken()).toBeNull();
    expect(storage.getItem('ams-emailToken')).toBeNull();
  });
});
