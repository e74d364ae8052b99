import { closeSync, existsSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { type CaptchaPayload, encodeCaptchaPayload } from '../../../src/lib/captcha';
import { freeTimeStep, isDemoStaff, signInStaff, totpCode } from '../../setup/staff-sessions';
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
 * the browser context, then answers the account type. A demo staff account (finance, editor,
 * admin) gets the run's one session with its second factor passed instead (`staffSession`).
 */
export async function signInPage(
  page: Page,
  account: string,
  password: string,
  userType: 'individual' | 'organ' = 'individual',
) {
  if (userType === 'individual' && isDemoStaff(account, password)) {
    const baseURL = new URL(test.info().project.use.baseURL ?? page.url()).origin;
    const token = await staffSession(baseURL, account);
    await page
      .context()
      .addCookies([{ name: 'ams-session', value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
    return;
  }
  const family = userType === 'individual' ? 'amsw0101' : 'amsw0103';
  await post(page.request, `/api/${family}/login`, { account, password, ...(await solvedCaptcha(page.request)) });
}

const staffTokens = new Map<string, Promise<{ token: string; timeStep: number }>>();

/**
 * The token of the run's session of a demo staff account, its second factor passed. A TOTP code
 * is taken once per account and 30-second step (and five wrong ones block the account's factor),
 * so the workers must not each sign in and pass the factor: whoever first creates the lock file
 * in E2E_DATA_DIR (the server's fresh folder for this run) signs in once and writes the session
 * beside it; the others wait for that file.
 */
function staffSession(baseURL: string, account: string): Promise<string> {
  return sharedSession(baseURL, account).then((kept) => kept.token);
}

/**
 * A code of the demo authenticator that the server will take for `account` in this run: of a step
 * newer than the one the shared session used (made first if need be) and than any other worker
 * took. For a test that signs the account in through the pages itself.
 */
export async function freshStaffCode(baseURL: string, account: string): Promise<string> {
  return totpCode(await nextStaffStep(baseURL, account));
}

/**
 * Codes of the demo authenticator that the server takes for `account` one after the other (each
 * of a newer step, waiting for the clock when need be): for a test that confirms changes with
 * codes, as `freshStaffCode`.
 */
export function freshStaffCodes(baseURL: string, account: string): () => Promise<string> {
  return async () => totpCode(await nextStaffStep(baseURL, account));
}

/**
 * A time step of the account's codes that no worker of this run has used: the workers take them
 * in turn (a lock file in E2E_DATA_DIR), each after the last one taken (kept beside the lock), so
 * two tests confirming changes as one account never send the same code.
 */
async function nextStaffStep(baseURL: string, account: string): Promise<number> {
  const { timeStep } = await sharedSession(baseURL, account);
  const file = path.join(process.env.E2E_DATA_DIR!, `staff-${account}.step`);
  let lock: number | undefined;
  for (const deadline = Date.now() + 120_000; lock === undefined;) {
    try {
      lock = openSync(`${file}.lock`, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    const last = existsSync(file) ? Number(readFileSync(file, 'utf8')) : timeStep;
    const step = await freeTimeStep(Math.max(last, timeStep));
    writeFileSync(file, String(step));
    return step;
  } finally {
    closeSync(lock);
    unlinkSync(`${file}.lock`);
  }
}

function sharedSession(baseURL: string, account: string): Promise<{ token: string; timeStep: number }> {
  let token = staffTokens.get(account);
  if (!token) {
    token = sharedStaffSession(baseURL, account);
    staffTokens.set(account, token);
    token.catch(() => staffTokens.delete(account));
  }
  return token;
}

async function sharedStaffSession(baseURL: string, account: string): Promise<{ token: string; timeStep: number }> {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const file = path.join(dir, `staff-${account}.json`);
  let lock: number | undefined;
  try {
    lock = openSync(`${file}.lock`, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (lock !== undefined) {
    try {
      const { token, timeStep } = await signInStaff(baseURL, account);
      // Written whole, then renamed: a waiting worker never reads half a file.
      writeFileSync(`${file}.tmp`, JSON.stringify({ token, timeStep }));
      renameSync(`${file}.tmp`, file);
      return { token, timeStep };
    } catch (error) {
      writeFileSync(`${file}.tmp`, JSON.stringify({ error: String(error) }));
      renameSync(`${file}.tmp`, file);
      throw error;
    } finally {
      closeSync(lock);
    }
  }
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    if (existsSync(file)) {
      const kept = JSON.parse(readFileSync(file, 'utf8')) as { token?: string; timeStep?: number; error?: string };
      if (kept.token) return { token: kept.token, timeStep: kept.timeStep ?? 0 };
      throw new Error(`another worker could not sign ${account} in: ${kept.error}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no session for ${account} from the worker signing it in (${file})`);
}
