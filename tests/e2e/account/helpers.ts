import type { APIRequestContext, Page } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { type CaptchaPayload, encodeCaptchaPayload } from '../../../src/lib/captcha';
import { expect, test } from '../fixtures';
import { newestMail } from './mail';

/** Account helpers over the real API, as a browser or API client would call it. */

/** A proof-of-work captcha fetched and solved in Node, as an API client would (the pages solve their own). */
export async function solvedCaptcha(request: APIRequestContext, level?: number) {
  const res = await request.get(`/api/amsw0102/image${level ? `?level=${level}` : ''}`);
  const { data } = (await res.json()) as { data: { captchaId: string; challenge: Challenge } };
  const solution = await solveChallenge({ challenge: data.challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  const captchaAnswer = encodeCaptchaPayload({ challenge: data.challenge, solution } as CaptchaPayload);
  return { captchaId: data.captchaId, captchaAnswer };
}

/** The page's captcha has solved its challenge ("驗證完成" / "Verified"). */
export async function expectCaptchaVerified(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: /^(驗證完成|Verified)$/ })).toBeVisible();
}

/** A JSON POST with the same-site Origin a browser sends (needed once a session cookie goes along). */
export async function post<T>(
  request: APIRequestContext,
  path: string,
  data: unknown,
  headers: Record<string, string> = {},
) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const res = await request.post(path, { data, headers: { Origin: origin, ...headers } });
  const body = (await res.json()) as { code: number; data: T; message: string };
  if (body.code !== 0) throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.data;
}

let counter = 0;
/** An address no other test uses. */
export function uniqueEmail(prefix = 'pw'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}.${Math.random().toString(36).slice(2, 6)}@example.org`;
}

/** A valid Taiwanese national ID (A1xxxxxxxx) by the official checksum. */
function nationalId(): string {
  const body = `A1${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
  const digits = [1, 0, ...body.slice(1).split('').map(Number)];
  const weights = [1, 9, 8, 7, 6, 5, 4, 3, 2, 1];
  const sum = digits.reduce((acc, d, i) => acc + d * weights[i]!, 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

let visitors = 0;
/**
 * An `X-Forwarded-For` header with a client address no other sign-up of this run uses: the test
 * server trusts the loopback proxy, so the per-address limits (mails, checks) count each API
 * sign-up apart, as they would count people behind a real proxy, and leave the browser's own
 * address (127.0.0.1) its whole allowance for the tests that sign up through the pages.
 */
function visitor(): Record<string, string> {
  visitors += 1;
  return { 'X-Forwarded-For': `198.19.${test.info().workerIndex % 250}.${visitors % 250}` };
}

/** Signs a new individual up through the API: captcha, mailed code, e-mail token, create. */
export async function signUpIndividual(request: APIRequestContext, password = 'Clinic2026pass') {
  const email = uniqueEmail();
  const since = Date.now();
  const from = visitor();
  await post(request, '/api/amsw0102/email', { email, purpose: 'signup', ...(await solvedCaptcha(request)) }, from);
  const mail = await newestMail(email, { since });
  const code = /\b(\d{6})\b/.exec(mail.text ?? '')![1]!;
  const { emailToken } = await post<{ emailToken: string }>(
    request,
    '/api/amsw0102/emailVerify',
    { email, code },
    from,
  );
  await post(
    request,
    '/api/amsw0101/create',
    {
      nameZh: '王小明',
      nameEn: 'Wang Hsiao-Ming',
      personId: nationalId(),
      birthDate: '1988-06-01',
      mobile: '0912345678',
      password,
    },
    { EmailAuthorization: emailToken, ...from },
  );
  // Sign-up signs the new account in; the helper's callers start from a signed-out client.
  const origin = new URL(test.info().project.use.baseURL!).origin;
  await request.get('/api/amsw0101/logout', { headers: { Origin: origin } });
  return { email, password };
}

/**
 * Signs in through the API with the page's own request context, so the session cookie lands in
 * the browser context, then answers the account type.
 */
export async function signInPage(
  page: Page,
  account: string,
  password: string,
  userType: 'individual' | 'organ' = 'individual',
) {
  const family = userType === 'individual' ? 'amsw0101' : 'amsw0103';
  await post(page.request, `/api/${family}/login`, { account, password, ...(await solvedCaptcha(page.request)) });
}
