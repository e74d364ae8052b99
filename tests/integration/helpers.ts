import { inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');

export interface Envelope<T = unknown> {
  code: number;
  data: T;
  message: string;
}

/** Calls the API and returns the HTTP status, headers and parsed envelope. */
export async function api<T = unknown>(
  path: string,
  init: RequestInit & { lang?: 'zh-tw' | 'en-us' } = {},
): Promise<{ status: number; headers: Headers; body: Envelope<T> }> {
  const { lang, headers, ...rest } = init;
  const response = await fetch(`${baseUrl()}${path}`, {
    ...rest,
    headers: { ...(lang ? { Lang: lang } : {}), ...(headers as Record<string, string> | undefined) },
  });
  const text = await response.text();
  let body: Envelope<T>;
  try {
    body = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`${path} did not answer JSON (HTTP ${response.status}): ${text.slice(0, 200)}`);
  }
  return { status: response.status, headers: response.headers, body };
}

export async function page(path: string, init: RequestInit = {}) {
  const response = await fetch(`${baseUrl()}${path}`, { redirect: 'manual', ...init });
  return { status: response.status, headers: response.headers, html: await response.text() };
}
