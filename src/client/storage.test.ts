import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStorage, writeStorage } from './storage';
import { memoryStorage } from './test-support';

afterEach(() => vi.unstubAllGlobals());

describe('readStorage / writeStorage', () => {
  it('reads, writes and removes keys of the chosen storage', () => {
    const local = memoryStorage();
    const session = memoryStorage();
    vi.stubGlobal('localStorage', local);
    vi.stubGlobal('sessionStorage', session);

    writeStorage('localStorage', 'k', 'v');
    expect(readStorage('localStorage', 'k')).toBe('v');
    expect(readStorage('sessionStorage', 'k')).toBeNull();

    writeStorage('localStorage', 'k', null);
    expect(local.getItem('k')).toBeNull();
  });

  it('gives null and ignores writes where there is no storage (server side)', () => {
    expect(readStorage('localStorage', 'k')).toBeNull();
    expect(() => writeStorage('localStorage', 'k', 'v')).not.toThrow();
  });

  it('survives a storage that throws (private mode, quota)', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    vi.stubGlobal('localStorage', broken);
    expect(readStorage('localStorage', 'k')).toBeNull();
    expect(() => writeStorage('localStorage', 'k', 'v')).not.toThrow();
  });
});
