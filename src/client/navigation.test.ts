import { afterEach, describe, expect, it, vi } from 'vitest';
import { localePath, navigate, setNavigate } from './navigation';

afterEach(() => {
  setNavigate(null);
  vi.unstubAllGlobals();
});

describe('localePath', () => {
  it('keeps zh-tw paths unprefixed and prefixes en-us', () => {
    expect(localePath('/login', 'zh-tw')).toBe('/login');
    expect(localePath('/login', 'en-us')).toBe('/en-us/login');
    expect(localePath('/', 'en-us')).toBe('/en-us/');
  });
});

describe('navigate', () => {
  it('assigns window.location by default', () => {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { assign } });
    navigate('/login');
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('uses the injected function until reset', () => {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { assign } });
    const injected = vi.fn();
    setNavigate(injected);
    navigate('/en-us/');
    expect(injected).toHaveBeenCalledWith('/en-us/');
    expect(assign).not.toHaveBeenCalled();

    setNavigate(null);
    navigate('/');
    expect(assign).toHaveBeenCalledWith('/');
  });
});
