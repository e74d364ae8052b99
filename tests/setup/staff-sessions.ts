/**
 * The demo's staff accounts (holding a staff role: DESIGN.md §19) signed in with their second
 * factor, for the integration projects' global setup, the integration helpers and the e2e helpers
 * alike (plain `fetch`, nothing from Vitest or Playwright).
 *
 * Why sessions are shared: a TOTP code is taken ONCE per account. The server keeps the last
 * 30-second time step the account used and takes only a code of a newer step (of now-1, now and
 * now+1), so two sign-ins of one staff account within one step cannot both pass, and a wrong code
 * counts toward the five that block the account's factor for a quarter of an hour. Test files
 * running in parallel against one server therefore sign each staff account in once and share
 * that verified session, instead of passing the factor per test.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { generate } from 'otplib';
import { type CaptchaPayload, encodeCaptchaPayload } from '../../src/lib/captcha';
import { DEMO_SECOND_FACTOR_SECRET } from '../../src/server/db/seed/demo';

export { DEMO_SECOND_FACTOR_SECRET };

/** The demo accounts holding a staff role, with their passwords (README); their authenticator is the published secret. */
export const DEMO_STAFF_ACCOUNTS: Readonly<Record<string, string>> = {
  'finance@example.org': 'Finance2026demo',
  'editor@example.org': 'Editor2026demo',
  'admin@example.org': 'Admin2026demo',
};

/** Whether this is a demo staff account signing in with its demo password. */
export function isDemoStaff(account: string, password: string): boolean {
  return Object.hasOwn(DEMO_STAFF_ACCOUNTS, account) && DEMO_STAFF_ACCOUNTS[account] === password;
}

/** A staff session that has passed the second factor, in the shape the tests' `signIn` answers. */
export interface StaffSession {
  /** The sign-in's answer (code 0, with the token). */
  body: { code: number; data: { token: string; secondFactor?: 'verify' | 'enrol' | null }; message: string };
  setCookie: string;
  /** `ams-session=<token>`, for a Cookie header. */
  cookie: string;
  token: string;
  /** The time step its code belonged to: the last one the account has used on that server's database. */
  timeStep: number;
}

const PERIOD_SECONDS = 30;

/** The TOTP time step (30 s) at a time in milliseconds. */
export function timeStepAt(ms: number): number {
  return Math.floor(ms / 1000 / PERIOD_SECONDS);
}

/** The demo authenticator's code for a time step. */
export function totpCode(timeStep: number, secret = DEMO_SECOND_FACTOR_SECRET): Promise<string> {
  return generate({ secret, epoch: timeStep * PERIOD_SECONDS });
}

/**
 * A step whose code the server takes after `usedStep` (the last one the account used there, 0
 * when none): the current one, or the next (taken one step early, as for a phone's clock a little
 * ahead). When even the next is used, waits for the clock to reach a new step.
 */
export async function freeTimeStep(usedStep = 0): Promise<number> {
  for (;;) {
    const now = timeStepAt(Date.now());
    const step = Math.max(now, usedStep + 1);
    if (step <= now + 1) return step;
    const nextStepAt = (now + 1) * PERIOD_SECONDS * 1000;
    await new Promise((resolve) => setTimeout(resolve, nextStepAt - Date.now() + 100));
  }
}

/**
 * Codes of an authenticator, each of a newer 30-second step than the last (the portal takes a step
 * once); `usedStep`: a step the account may already have used (none of it or before is given).
 * The portal takes a step one either side of its own: the step before now is given only while at
 * least 15 s of the current one remain, so a slow request on a loaded machine still arrives in time.
 */
export function authenticator(secret: string, usedStep = 0) {
  let last = usedStep;
  return async () => {
    const now = Math.floor(Date.now() / 30_000);
    const early = Date.now() % 30_000 < 15_000;
    let step = Math.max(last + 1, early ? now - 1 : now);
    if (step > now + 1) {
      await new Promise((resolve) => setTimeout(resolve, (step - 1) * 30_000 - Date.now() + 200));
      step = Math.max(last + 1, Math.floor(Date.now() / 30_000) - 1);
    }
    last = step;
    return generate({ secret, epoch: step * 30 });
  };
}

/** Authorization for a session: a Cookie header for `ams-session=…`, else a bearer token. */
function sessionHeaders(session: string): Record<string, string> {
  return session.startsWith('ams-session=') ? { Cookie: session } : { Authorization: `Bearer ${session}` };
}

/**
 * Passes the second factor for a session (`ams-session=<token>` or the bare token) on the server
 * at `base`, with the demo authenticator's code of `timeStep`: from then on the session's staff
 * roles count. Throws when the server refuses the code.
 */
export async function verifySecondFactor(base: string, session: string, timeStep: number): Promise<void> {
  const response = await fetch(`${base}/api/amsw1101/secondFactor/verify`, {
    method: 'POST',
    headers: { ...sessionHeaders(session), 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ code: await totpCode(timeStep) }),
  });
  const body = (await response.json()) as { code: number };
  if (body.code !== 0) throw new Error(`second factor (step ${timeStep}) on ${base}: ${JSON.stringify(body)}`);
}

/** A captcha of the server at `base` solved in Node, as the tests' helpers do (no `inject` here). */
async function solvedCaptcha(base: string, level?: number): Promise<{ captchaId: string; captchaAnswer: string }> {
  const response = await fetch(`${base}/api/amsw0102/image${level ? `?level=${level}` : ''}`);
  const body = (await response.json()) as { code: number; data: { captchaId: string; challenge: Challenge } };
  if (body.code !== 0) throw new Error(`captcha: ${JSON.stringify(body)}`);
  const { captchaId, challenge } = body.data;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return { captchaId, captchaAnswer: encodeCaptchaPayload({ challenge, solution } as CaptchaPayload) };
}

/**
 * Signs a demo staff account in on the server at `base` (a harder captcha once when asked, as the
 * sign-in form does) and passes its second factor with a step newer than `usedStep`.
 */
export async function signInStaff(base: string, account: string, usedStep = 0): Promise<StaffSession> {
  const password = DEMO_STAFF_ACCOUNTS[account];
  if (!password) throw new Error(`${account} is not a demo staff account`);
  let level: number | undefined;
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${base}/api/amsw0101/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base },
      body: JSON.stringify({ account, password, tokenInResponse: true, ...(await solvedCaptcha(base, level)) }),
    });
    const body = (await response.json()) as StaffSession['body'] & { data: { captchaLevel?: number } };
    if (body.code === -12 && body.data?.captchaLevel && attempt === 0) {
      level = body.data.captchaLevel;
      continue;
    }
    if (body.code !== 0 || body.data.secondFactor !== 'verify')
      throw new Error(`sign-in of ${account} on ${base}: ${JSON.stringify(body)}`);
    const setCookie = response.headers.get('set-cookie') ?? '';
    const token = body.data.token;
    const timeStep = await freeTimeStep(usedStep);
    await verifySecondFactor(base, token, timeStep);
    const cookie = /ams-session=[^;]+/.exec(setCookie)?.[0] ?? `ams-session=${token}`;
    return { body, setCookie, cookie, token, timeStep };
  }
}

/**
 * Every demo staff account signed in on `base` with its second factor passed, one after the
 * other (each account uses one step once, so nothing collides): by e-mail.
 */
export async function signInDemoStaff(base: string): Promise<Record<string, StaffSession>> {
  const sessions: Record<string, StaffSession> = {};
  for (const account of Object.keys(DEMO_STAFF_ACCOUNTS)) sessions[account] = await signInStaff(base, account);
  return sessions;
}
