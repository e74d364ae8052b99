import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceNewBuild, fetchDeployedBuildId, watchForNewBuild } from './build-watch';
import { stubPageLocale } from './test-support';
import { maintenance } from '@/stores/maintenance';

const mocks = vi.hoisted(() => ({ showToast: vi.fn() }));
vi.mock('@/stores/toast', () => ({ showToast: mocks.showToast }));

beforeEach(() => {
  vi.useFakeTimers();
  mocks.showToast.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('watchForNewBuild', () => {
  it('polls every interval while the build is the same', async () => {
    const fetchBuildId = vi.fn().mockResolvedValue('b1');
    const onNewBuild = vi.fn();
    watchForNewBuild({ currentBuildId: 'b1', fetchBuildId, intervalMs: 1_000, onNewBuild });

    expect(fetchBuildId).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(fetchBuildId).toHaveBeenCalledTimes(3);
    expect(onNewBuild).not.toHaveBeenCalled();
  });

  it('polls every 60 s by default', async () => {
    const fetchBuildId = vi.fn().mockResolvedValue('b1');
    watchForNewBuild({ currentBuildId: 'b1', fetchBuildId, onNewBuild: vi.fn() });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fetchBuildId).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchBuildId).toHaveBeenCalledOnce();
  });

  it('announces a new build once and stops polling', async () => {
    const fetchBuildId = vi.fn().mockResolvedValueOnce('b1').mockResolvedValue('b2');
    const onNewBuild = vi.fn();
    watchForNewBuild({ currentBuildId: 'b1', fetchBuildId, intervalMs: 1_000, onNewBuild });

    await vi.advanceTimersByTimeAsync(10_000);
    expect(onNewBuild).toHaveBeenCalledOnce();
    expect(onNewBuild).toHaveBeenCalledWith('b2');
    expect(fetchBuildId).toHaveBeenCalledTimes(2);
  });

  it('ignores polling errors and keeps going', async () => {
    const fetchBuildId = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('b2');
    const onNewBuild = vi.fn();
    watchForNewBuild({ currentBuildId: 'b1', fetchBuildId, intervalMs: 1_000, onNewBuild });

    await vi.advanceTimersByTimeAsync(1_000);
    expect(onNewBuild).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(onNewBuild).toHaveBeenCalledWith('b2');
  });

  it('stop() ends polling, even with a poll under way', async () => {
    let answer: (id: string) => void = () => {};
    const fetchBuildId = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const onNewBuild = vi.fn();
    const stop = watchForNewBuild({ currentBuildId: 'b1', fetchBuildId, intervalMs: 1_000, onNewBuild });

    await vi.advanceTimersByTimeAsync(1_000);
    stop();
    answer('b2');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onNewBuild).not.toHaveBeenCalled();
    expect(fetchBuildId).toHaveBeenCalledOnce();
  });

  it('announces with a toast by default', async () => {
    watchForNewBuild({ currentBuildId: 'b1', fetchBuildId: async () => 'b2', intervalMs: 1_000 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(mocks.showToast).toHaveBeenCalledWith(expect.objectContaining({ type: 'info' }));
  });
});

describe('announceNewBuild', () => {
  it('shows an info toast in the page language that stays until dismissed', () => {
    announceNewBuild();
    expect(mocks.showToast).toHaveBeenLastCalledWith({
      message: '網站已更新，請重新整理頁面以取得最新版本。',
      type: 'info',
      duration: 0,
    });
    stubPageLocale('en-us');
    announceNewBuild();
    expect(mocks.showToast).toHaveBeenLastCalledWith({
      message: 'A new version of the site is available. Reload to update.',
      type: 'info',
      duration: 0,
    });
  });
});

describe('fetchDeployedBuildId', () => {
  const stubFetch = (response: Response) => {
    const fetchMock = vi.fn().mockResolvedValue(response);
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  };

  it('reads the build id from the API envelope', async () => {
    const fetchMock = stubFetch(Response.json({ code: 0, data: { buildId: 'b9' }, message: '' }));
    await expect(fetchDeployedBuildId()).resolves.toBe('b9');
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/amsw0201/buildId');
  });

  it('puts the site into maintenance when the API answers 503', async () => {
    stubFetch(new Response('down', { status: 503 }));
    await expect(fetchDeployedBuildId()).rejects.toBeTruthy();
    expect(maintenance.get()).toEqual({ active: true, code: 503 });
  });
});

describe('watchForNewBuild on a returning reader', () => {
  it('checks at once when the tab becomes visible again', async () => {
    vi.useFakeTimers();
    const doc = new EventTarget() as Document & { visibilityState: string };
    Object.defineProperty(doc, 'visibilityState', { value: 'visible', configurable: true });
    const fetchBuildId = vi.fn().mockResolvedValue('new');
    const onNewBuild = vi.fn();
    const stop = watchForNewBuild({
      currentBuildId: 'old',
      fetchBuildId,
      onNewBuild,
      intervalMs: 60_000,
      visibilityTarget: doc,
    });
    doc.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(onNewBuild).toHaveBeenCalledWith('new'));
    expect(fetchBuildId).toHaveBeenCalledTimes(1);
    stop();
    vi.useRealTimers();
  });
});
