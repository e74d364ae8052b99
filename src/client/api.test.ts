import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearEmailToken, setEmailToken } from '@/stores/email-token';
import { maintenance } from '@/stores/maintenance';
import { ApiError, apiDelete, apiGet, apiPost, apiPut } from './api';
import { stubPageLocale } from './test-support';

const mocks = vi.hoisted(() => ({ handleSessionExpired: vi.fn(), showToast: vi.fn() }));
vi.mock('@/stores/session', () => ({ handleSessionExpired: mocks.handleSessionExpired }));
vi.mock('@/stores/toast', () => ({ showToast: mocks.showToast }));

const fetchMock = vi.fn<(url: string, init: RequestInit & { headers: Headers }) => Promise<Response>>();

function answer(body: unknown, status = 200, contentType = 'application/json'): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  fetchMock.mockResolvedValue(new Response(text, { status, headers: { 'content-type': contentType } }));
}

/** The rejection of `promise`, which must reject with an ApiError. */
async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => expect.unreachable('the call should have failed'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const lastRequest = () => {
  const call = fetchMock.mock.lastCall;
  if (!call) throw new Error('fetch was not called');
  return { url: call[0], init: call[1] };
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.clearAllMocks();
  vi.stubGlobal('fetch', fetchMock);
  maintenance.set({ active: false, code: null });
  clearEmailToken();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('successful calls', () => {
  it('GET unwraps the envelope data', async () => {
    answer({ code: 0, data: { title: 'Society' }, message: '成功' });
    await expect(apiGet<{ title: string }>('/api/amsw0201/webInfo')).resolves.toEqual({ title: 'Society' });

    const { url, init } = lastRequest();
    expect(url).toBe('/api/amsw0201/webInfo');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers.get('Lang')).toBe('zh-tw');
    expect(init.headers.has('EmailAuthorization')).toBe(false);
  });

  it('adds the query to the path', async () => {
    answer({ code: 0, data: [], message: '' });
    await apiGet('/api/amsw0202/card', { query: { indexPartId: 3 } });
    expect(lastRequest().url).toBe('/api/amsw0202/card?indexPartId=3');
  });

  it('sends the page language', async () => {
    stubPageLocale('en-us');
    answer({ code: 0, data: null, message: '' });
    await apiGet('/api/amsw0201/langCode');
    expect(lastRequest().init.headers.get('Lang')).toBe('en-us');
  });

  it.each([
    ['POST', apiPost],
    ['PUT', apiPut],
    ['DELETE', apiDelete],
  ] as const)('%s sends a JSON body', async (method, call) => {
    answer({ code: 0, data: { ok: true }, message: '' });
    await expect(call('/api/amsw0101/edit', { name: 'Ann' })).resolves.toEqual({ ok: true });
    const { init } = lastRequest();
    expect(init.method).toBe(method);
    expect(init.body).toBe('{"name":"Ann"}');
    expect(init.headers.get('content-type')).toBe('application/json');
  });

  it('sends a held email token, but not an expired one', async () => {
    answer({ code: 0, data: null, message: '' });
    setEmailToken({ token: 'mail-tok', expiresAt: Date.now() + 60_000 });
    await apiPut('/api/amsw0101/resetCid', { password: 'x' });
    expect(lastRequest().init.headers.get('EmailAuthorization')).toBe('mail-tok');

    answer({ code: 0, data: null, message: '' });
    setEmailToken({ token: 'old-tok', expiresAt: Date.now() - 1 });
    await apiPut('/api/amsw0101/resetCid', { password: 'x' });
    expect(lastRequest().init.headers.has('EmailAuthorization')).toBe(false);
  });
});

describe('business errors (HTTP 200, code ≠ 0)', () => {
  it('reject with the code, message and data, and toast the message with the contact suffix', async () => {
    answer({ code: -10, data: ['email'], message: '資料檢查錯誤。' });
    const error = await rejection(apiPost('/api/amsw0101/create', {}));
    expect(error).toMatchObject({ code: -10, message: '資料檢查錯誤。', data: ['email'], status: 200 });
    expect(mocks.showToast).toHaveBeenCalledWith({ message: '資料檢查錯誤。如多次失敗請洽詢本會', type: 'error' });
  });

  it('use the English suffix on an en-us page', async () => {
    stubPageLocale('en-us');
    answer({ code: -6, data: null, message: 'No data found.' });
    await rejection(apiGet('/api/amsw0101/detail'));
    expect(mocks.showToast).toHaveBeenCalledWith({
      message: 'No data found. If this keeps failing, please contact the society.',
      type: 'error',
    });
  });

  it('leave the suffix out with suppressContactSuffix, and the toast with suppressErrorToast', async () => {
    answer({ code: -12, data: null, message: '驗證碼錯誤' });
    await rejection(apiPost('/api/amsw0101/login', {}, { suppressContactSuffix: true }));
    expect(mocks.showToast).toHaveBeenCalledWith({ message: '驗證碼錯誤', type: 'error' });

    mocks.showToast.mockClear();
    answer({ code: -12, data: null, message: '驗證碼錯誤' });
    await rejection(apiPost('/api/amsw0101/login', {}, { suppressErrorToast: true }));
    expect(mocks.showToast).not.toHaveBeenCalled();
  });

  it('-8 runs the session expiry path instead of the error toast', async () => {
    answer({ code: -8, data: null, message: 'token 驗證失敗' });
    const error = await rejection(apiGet('/api/amsw0101'));
    expect(error.code).toBe(-8);
    expect(mocks.handleSessionExpired).toHaveBeenCalledOnce();
    expect(mocks.showToast).not.toHaveBeenCalled();
  });
});

describe('HTTP failures', () => {
  it.each([502, 503])('%i turns the maintenance screen on, without a toast or a retry', async (status) => {
    answer('<html>Bad gateway</html>', status, 'text/html');
    const error = await rejection(apiGet('/api/amsw0201/webInfo'));
    expect(error).toMatchObject({ message: 'Request failed', status, code: null });
    expect(maintenance.get()).toEqual({ active: true, code: status });
    expect(mocks.showToast).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('401 is only logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    answer('', 401, 'text/plain');
    const error = await rejection(apiGet('/api/amsw0101'));
    expect(error).toMatchObject({ message: 'Request failed', status: 401 });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('401'));
    expect(mocks.showToast).not.toHaveBeenCalled();
    expect(maintenance.get().active).toBe(false);
  });

  it('another status rejects as Request failed and toasts the envelope message when there is one', async () => {
    answer({ code: -999, data: { requestId: 'r1' }, message: '系統發生例外。' }, 500);
    const error = await rejection(apiGet('/api/amsw0101/statistics'));
    expect(error).toMatchObject({ message: 'Request failed', status: 500, code: -999, data: { requestId: 'r1' } });
    expect(mocks.showToast).toHaveBeenCalledWith({ message: '系統發生例外。如多次失敗請洽詢本會', type: 'error' });
  });

  it('an answer that is not an envelope rejects as Request failed with the generic toast', async () => {
    answer('<html>Not found</html>', 404, 'text/html');
    const error = await rejection(apiGet('/api/nowhere'));
    expect(error).toMatchObject({ message: 'Request failed', status: 404, code: null });
    expect(mocks.showToast).toHaveBeenCalledWith({
      message: '連線失敗，請稍後再試。如多次失敗請洽詢本會',
      type: 'error',
    });

    answer('<html>proxy page</html>', 200, 'text/html');
    expect(await rejection(apiGet('/api/amsw0201/webInfo'))).toMatchObject({ message: 'Request failed', status: 200 });
  });

  it('a network error rejects as Request failed with a toast', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    const error = await rejection(apiGet('/api/amsw0201/webInfo'));
    expect(error).toMatchObject({ message: 'Request failed', status: null, code: null });
    expect(mocks.showToast).toHaveBeenCalledWith({
      message: '連線失敗，請稍後再試。如多次失敗請洽詢本會',
      type: 'error',
    });
  });

  it('gives up after 10 s', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const pending = rejection(apiGet('/api/amsw0201/webInfo'));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(mocks.showToast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ message: 'Request failed', status: null });
    expect(mocks.showToast).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});
