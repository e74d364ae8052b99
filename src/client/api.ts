import { ofetch, type FetchResponse } from 'ofetch';
import { ErrorCode, type Envelope } from '@/lib/error-codes';
import type { Locale } from '@/lib/locales';
import { validEmailToken } from '@/stores/email-token';
import { enterMaintenance } from '@/stores/maintenance';
import { handleSessionExpired } from '@/stores/session';
import { showToast } from '@/stores/toast';
import { currentLocale } from './locale';
import { message } from './messages';

/**
 * The browser's API client (DESIGN.md §8, spec §8): one ofetch instance, the envelope unwrapped,
 * failures turned into `ApiError` rejections with the toast, session expiry or maintenance screen
 * they call for.
 */

export const API_TIMEOUT_MS = 10_000;
/** The message of every rejection that has no business message: transport errors and non-200 answers. */
export const REQUEST_FAILED = 'Request failed';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The envelope's business code (spec §8); null when the answer carried none. */
  readonly code: number | null;
  readonly data: unknown;
  /** The HTTP status; null when no answer arrived (network error, timeout). */
  readonly status: number | null;

  constructor(init: {
    message: string;
    code?: number | null;
    data?: unknown;
    status?: number | null;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code ?? null;
    this.data = init.data ?? null;
    this.status = init.status ?? null;
  }
}

export interface ApiOptions {
  query?: Record<string, unknown>;
  /** No error toast for this call (the caller shows the failure itself). */
  suppressErrorToast?: boolean;
  /** The error toast without "如多次失敗請洽詢本會". */
  suppressContactSuffix?: boolean;
  /**
   * The call is authorised by the EmailAuthorization token (password reset, sign-up): a -8 answer
   * means that token failed, not the sign-in session, so it does not sign the tab out.
   */
  emailAuthorized?: boolean;
  /** How long to wait for the answer, in ms (default `API_TIMEOUT_MS`; longer for large uploads). */
  timeoutMs?: number;
}

/** JSON (an object or array), or FormData for uploads. */
export type ApiBody = Record<string, unknown> | unknown[] | FormData;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const client = ofetch.create({
  baseURL: '',
  timeout: API_TIMEOUT_MS,
  retry: false,
  credentials: 'same-origin',
  // Statuses are judged below, not by ofetch.
  ignoreResponseError: true,
});

function isEnvelope(value: unknown): value is Envelope {
  const v = value as Partial<Envelope> | null;
  return typeof v === 'object' && v !== null && typeof v.code === 'number' && typeof v.message === 'string';
}

function showErrorToast(text: string, locale: Locale, options: ApiOptions): void {
  if (options.suppressErrorToast) return;
  const suffix = options.suppressContactSuffix ? '' : message('contactSuffix', locale);
  showToast({ message: text + suffix, type: 'error' });
}

async function request<T>(
  method: Method,
  path: string,
  body: ApiBody | undefined,
  options: ApiOptions = {},
): Promise<T> {
  const locale = currentLocale();
  const emailToken = validEmailToken();
  const headers: Record<string, string> = { Lang: locale };
  if (emailToken) headers.EmailAuthorization = emailToken;

  let response: FetchResponse<unknown>;
  try {
    response = await client.raw<unknown>(path, {
      method,
      query: options.query,
      body,
      headers,
      timeout: options.timeoutMs ?? API_TIMEOUT_MS,
    });
  } catch (cause) {
    showErrorToast(message('requestFailed', locale), locale, options);
    throw new ApiError({ message: REQUEST_FAILED, cause });
  }

  const { status } = response;
  const envelope = isEnvelope(response._data) ? response._data : null;

  if (status !== 200 || !envelope) {
    const error = new ApiError({ message: REQUEST_FAILED, code: envelope?.code, data: envelope?.data, status });
    if (status === 502 || status === 503) {
      enterMaintenance(status);
    } else if (status === 401) {
      console.warn(`[api] ${method} ${path} answered 401`);
    } else {
      showErrorToast(envelope?.message || message('requestFailed', locale), locale, options);
    }
    throw error;
  }

  if (envelope.code === ErrorCode.SUCCESS) return envelope.data as T;

  const error = new ApiError({ message: envelope.message, code: envelope.code, data: envelope.data, status });
  if (envelope.code === ErrorCode.TOKEN_INVALID && !options.emailAuthorized) handleSessionExpired();
  else showErrorToast(envelope.message || message('requestFailed', locale), locale, options);
  throw error;
}

export function apiGet<T = unknown>(path: string, options?: ApiOptions): Promise<T> {
  return request<T>('GET', path, undefined, options);
}

export function apiPost<T = unknown>(path: string, body?: ApiBody, options?: ApiOptions): Promise<T> {
  return request<T>('POST', path, body, options);
}

export function apiPut<T = unknown>(path: string, body?: ApiBody, options?: ApiOptions): Promise<T> {
  return request<T>('PUT', path, body, options);
}

export function apiDelete<T = unknown>(path: string, body?: ApiBody, options?: ApiOptions): Promise<T> {
  return request<T>('DELETE', path, body, options);
}
