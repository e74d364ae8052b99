import { request as httpRequest } from 'node:http';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { inject } from 'vitest';
import { type CaptchaPayload, encodeCaptchaPayload } from '../../src/lib/captcha';
import { loadSecrets } from '../../src/server/auth/secrets';
import { signPreviewToken, type PreviewKind } from '../../src/server/auth/preview-tokens';
import { freeTimeStep, isDemoStaff, verifySecondFactor } from '../setup/staff-sessions';

export const baseUrl = () => inject('baseUrl');

export interface Envelope<T = unknown> {
  code: number;
  data: T;
  message: string;
}

/** Calls the API and returns the HTTP status, headers and parsed envelope. */
export async function api<T = unknown>(
  path: string,
  init: RequestInit & { lang?: 'zh-tw' | 'en-us'; base?: string } = {},
): Promise<{ status: number; headers: Headers; body: Envelope<T> }> {
  const { lang, headers, base, ...rest } = init;
  const response = await fetch(`${base ?? baseUrl()}${path}`, {
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

/** Headers that make a request come from `address` (the test server trusts the loopback proxy). */
export function from(address: string | undefined): Record<string, string> {
  return address ? { 'X-Forwarded-For': address } : {};
}

/**
 * Fetches a proof-of-work captcha (at `level`, from `address`, of the server at `base`) and solves
 * it in Node as the browser would: the captchaId and the payload to send as captchaAnswer.
 */
export async function solvedCaptcha(
  options: { level?: number; from?: string; base?: string } = {},
): Promise<{ captchaId: string; captchaAnswer: string }> {
  const query = options.level ? `?level=${options.level}` : '';
  const res = {
    body: (await (
      await fetch(`${options.base ?? baseUrl()}/api/amsw0102/image${query}`, { headers: from(options.from) })
    ).json()) as Envelope<{ captchaId: string; challenge: Challenge; level: number }>,
  };
  if (res.body.code !== 0) throw new Error(`captcha: ${JSON.stringify(res.body)}`);
  const { captchaId, challenge } = res.body.data;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return { captchaId, captchaAnswer: encodeCaptchaPayload({ challenge, solution } as CaptchaPayload) };
}

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  language: string;
}

/** The mails the portal sent to an address (through the test's SMTP server), waiting for one: up to 15 s, since on a busy machine another test's batch of mails (an import's invitations) may be delivered first. */
export async function mailsTo(address: string, atLeast = 1, waitMs = 15_000): Promise<CaughtMail[]> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const mails = (await (
      await fetch(`${inject('mailUrl')}/messages?to=${encodeURIComponent(address)}`)
    ).json()) as CaughtMail[];
    if (mails.length >= atLeast || Date.now() > deadline) return mails;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The first mail to an address whose subject contains `subject` (and whose text contains
 * `containing`, where several servers of a run mail the same demo member), waiting briefly for it.
 */
export async function mailWithSubject(
  address: string,
  subject: string,
  waitMs = 15_000,
  containing: string | string[] = '',
): Promise<CaughtMail> {
  const deadline = Date.now() + waitMs;
  const words = [containing].flat();
  for (;;) {
    const found = (await mailsTo(address, 1, 0)).find(
      (m) => m.subject.includes(subject) && words.every((word) => m.text.includes(word)),
    );
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} about "${subject}" with "${containing}"`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A POST through node:http, which (unlike fetch) sends the Host header it is given. */
export function rawPost(path: string, body: unknown, headers: Record<string, string>): Promise<Envelope> {
  const target = new URL(path, baseUrl());
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          try {
            resolve(JSON.parse(text) as Envelope);
          } catch (error) {
            reject(new Error(`HTTP ${res.statusCode}: ${text.slice(0, 200)} (${String(error)})`));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

let visitors = 0;
/**
 * An `X-Forwarded-For` header with a client address no other request of this run uses. The test
 * server trusts the loopback proxy (TRUST_PROXY=loopback), so the portal takes it as the client's
 * address: the per-client limits (mails, availability checks) then count each test's visitor
 * apart, as they would count people behind a real proxy.
 */
export function visitor(): Record<string, string> {
  visitors += 1;
  const n = (process.pid % 200) * 65_536 + visitors;
  return { 'X-Forwarded-For': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
}

let counter = 0;
/** An address no other test uses. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}.${Math.random().toString(36).slice(2, 6)}@example.org`;
}

/** JSON body with the same-site Origin a browser would send. */
export function json(body: unknown, extra: Record<string, string> = {}): RequestInit {
  return {
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', Origin: baseUrl(), ...extra },
  };
}

const LETTER_VALUES: Record<string, number> = { A: 10 };
/** A valid Taiwanese national ID (A1xxxxxxxx) built from a number, by the official checksum. */
export function nationalId(seed: number): string {
  const body = `A1${String(seed % 10_000_000).padStart(7, '0')}`;
  const letter = LETTER_VALUES[body[0]!]!;
  const digits = [Math.floor(letter / 10), letter % 10, ...body.slice(1).split('').map(Number)];
  const weights = [1, 9, 8, 7, 6, 5, 4, 3, 2, 1];
  const sum = digits.reduce((acc, d, i) => acc + d * weights[i]!, 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** Mails a sign-up code to a new address and answers the address and its EmailAuthorization token. */
export async function signUpToken(userType: 'individual' | 'organ' = 'individual', email = uniqueEmail('proof')) {
  const sent = await api('/api/amsw0102/email', {
    method: 'POST',
    ...json({ email, purpose: 'signup', userType, ...(await solvedCaptcha()) }, visitor()),
  });
  if (sent.body.code !== 0) throw new Error(`email: ${JSON.stringify(sent.body)}`);
  const code = /\b(\d{6})\b/.exec((await mailsTo(email))[0]!.text)![1]!;
  const verified = await api<{ emailToken: string; expiresAt: string }>('/api/amsw0102/emailVerify', {
    method: 'POST',
    ...json({ email, code, userType }),
  });
  if (verified.body.code !== 0) throw new Error(`emailVerify: ${JSON.stringify(verified.body)}`);
  return { email, token: verified.body.data.emailToken, expiresAt: verified.body.data.expiresAt };
}

/** Signs a new individual up through the real flow (captcha, mailed code, token; on the shared server, or the one at `base`) and answers its details. */
export async function signUpIndividual(overrides: Record<string, unknown> = {}, base?: string) {
  const email = uniqueEmail('member');
  const personId = nationalId(Math.floor(Math.random() * 9_000_000) + 1_000_000);
  const password = 'Clinic2026pass';
  const origin: Record<string, string> = base ? { Origin: base } : {};
  const sent = await api('/api/amsw0102/email', {
    method: 'POST',
    base,
    ...json({ email, purpose: 'signup', ...(await solvedCaptcha({ base })) }, { ...visitor(), ...origin }),
  });
  if (sent.body.code !== 0) throw new Error(`email: ${JSON.stringify(sent.body)}`);
  const [mail] = await mailsTo(email);
  const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
  const verified = await api<{ emailToken: string }>('/api/amsw0102/emailVerify', {
    method: 'POST',
    base,
    ...json({ email, code }, origin),
  });
  const created = await api<{ accountId: number }>('/api/amsw0101/create', {
    method: 'POST',
    base,
    ...json(
      {
        nameZh: '林美玲',
        nameEn: 'Lin Mei-Ling',
        personId,
        birthDate: '1985-04-12',
        mobile: '0912345678',
        password,
        ...overrides,
      },
      { EmailAuthorization: verified.body.data.emailToken, ...origin },
    ),
  });
  if (created.body.code !== 0) throw new Error(`create: ${JSON.stringify(created.body)}`);
  return { email, personId, password, accountId: created.body.data.accountId };
}

/** What `signIn` answers: the sign-in's answer, its Set-Cookie header, the Cookie header to send and the token. */
export interface SignedIn {
  body: Envelope<{ token: string; captchaLevel?: number; secondFactor?: 'verify' | 'enrol' | null }>;
  setCookie: string;
  cookie: string;
  token: string;
}

/**
 * Signs in as an API client would, asking for the token too (from `options.from`, else the test
 * runner's own address), and answers the session cookie header to send with later requests. Like the sign-in form, it solves a harder captcha
 * once when the server asks for one (-12 with captchaLevel).
 *
 * A demo staff account (finance, editor, admin with their demo passwords) comes back with its
 * second factor passed, since its staff roles count only then. A TOTP code is taken once per
 * account and 30-second step, so: on the shared server it is the session the global setup signed
 * in and verified once for every file (`staffSessions`); on another server (`options.base`) it
 * signs in for real and passes the factor, and this file's later sign-ins of that account there
 * reuse the session while it holds (no second code in the same step). `secondFactor: false`
 * signs in for real and leaves the factor to the test.
 */
export async function signIn(
  account: string,
  password: string,
  userType: 'individual' | 'organ' = 'individual',
  remember = false,
  options: { from?: string; base?: string; secondFactor?: boolean } = {},
): Promise<SignedIn> {
  const base = options.base ?? baseUrl();
  const staff = userType === 'individual' && options.secondFactor !== false && isDemoStaff(account, password);
  if (staff && base === baseUrl() && !remember && options.from === undefined) {
    const shared = inject('staffSessions')[account];
    if (!shared) throw new Error(`no shared session for ${account}: does this project seed the demo?`);
    const { body, setCookie, cookie, token } = shared;
    return { body, setCookie, cookie, token };
  }
  const key = JSON.stringify([base, account, remember, options.from ?? null]);
  if (staff) {
    const kept = staffOnOtherServers.get(key);
    if (kept && (await factorPassed(kept.token, base))) return kept;
  }
  let level: number | undefined;
  for (let attempt = 0; ; attempt++) {
    const { captchaId, captchaAnswer } = await solvedCaptcha({ level, from: options.from, base });
    const response = await fetch(`${base}/api/${family(userType)}/login`, {
      method: 'POST',
      ...json(
        { account, password, remember, tokenInResponse: true, captchaId, captchaAnswer },
        { Origin: base, ...from(options.from) },
      ),
    });
    const body = (await response.json()) as SignedIn['body'];
    if (body.code === -12 && body.data?.captchaLevel && attempt === 0) {
      level = body.data.captchaLevel;
      continue;
    }
    const setCookie = response.headers.get('set-cookie') ?? '';
    const cookie = /ams-session=[^;]+/.exec(setCookie)?.[0] ?? '';
    const session = { body, setCookie, cookie, token: body.data?.token };
    if (staff && body.code === 0 && body.data.secondFactor === 'verify') {
      await passSecondFactor(session.token, base, account);
      staffOnOtherServers.set(key, session);
    }
    return session;
  }
}

function family(userType: 'individual' | 'organ') {
  return userType === 'individual' ? 'amsw0101' : 'amsw0103';
}

/** Demo staff sessions this file verified on servers other than the shared one, by server, account and how. */
const staffOnOtherServers = new Map<string, SignedIn>();

/** Whether the session still stands on `base` with its second factor passed (the same port may be another server by now). */
async function factorPassed(token: string, base: string): Promise<boolean> {
  const status = await api<{ passedAt: string | null }>('/api/amsw1101/secondFactor', {
    base,
    headers: { Authorization: `Bearer ${token}` },
  });
  return status.body.code === 0 && status.body.data.passedAt !== null;
}

/** The last TOTP step this file used per server and account (the global setup's on the shared database). */
const usedSteps = new Map<string, number>();

/**
 * Passes the second factor for a session (its token, or `ams-session=<token>`) of a demo staff
 * account on `base`, with the demo authenticator's code: its staff roles count from then on. The
 * server takes a code once per account and 30-second step (steps now-1, now, now+1), so it uses
 * a step newer than the last one this file used for `account` there (or the global setup, on a
 * server sharing the project's database), waiting for the clock if need be. Answers that step.
 */
export async function passSecondFactor(session: string, base = baseUrl(), account?: string): Promise<number> {
  const key = `${base} ${account ?? ''}`;
  const setupStep = account ? (inject('staffSessions')[account]?.timeStep ?? 0) : 0;
  const step = await freeTimeStep(Math.max(usedSteps.get(key) ?? 0, setupStep));
  usedSteps.set(key, step);
  await verifySecondFactor(base, session, step);
  return step;
}

let taxSeed = 0;
/** A valid business number (統一編號) no other test uses: 8 digits whose weighted sum is a multiple of 5. */
export function businessNumber(): string {
  const weights = [1, 2, 1, 2, 1, 2, 4, 1];
  for (;;) {
    taxSeed += 1;
    const digits = String(30_000_000 + ((Date.now() + taxSeed * 7919) % 60_000_000)).slice(0, 8);
    if (digits[6] === '7') continue;
    const sum = digits
      .split('')
      .map((d, i) => Number(d) * weights[i]!)
      .reduce((acc, p) => acc + Math.floor(p / 10) + (p % 10), 0);
    if (sum % 5 === 0) return digits;
  }
}

/** Signs a new organisation up through the real flow (on the shared server, or the one at `base`) and answers its details. */
export async function signUpOrganisation(base?: string) {
  const email = uniqueEmail('organ');
  const taxId = businessNumber();
  const password = 'Hospital2026ok';
  const sent = await api('/api/amsw0102/email', {
    method: 'POST',
    base,
    ...json(
      { email, purpose: 'signup', userType: 'organ', ...(await solvedCaptcha({ base })) },
      { ...visitor(), ...(base ? { Origin: base } : {}) },
    ),
  });
  if (sent.body.code !== 0) throw new Error(`organ sign-up e-mail: ${JSON.stringify(sent.body)}`);
  const code = /\b(\d{6})\b/.exec((await mailsTo(email))[0]!.text)![1]!;
  const verified = await api<{ emailToken: string }>('/api/amsw0102/emailVerify', {
    method: 'POST',
    base,
    ...json({ email, code, userType: 'organ' }, base ? { Origin: base } : {}),
  });
  const created = await api<{ organisationId: number }>('/api/amsw0103/create', {
    method: 'POST',
    base,
    ...json(
      {
        name: '安康醫院',
        contactName: '李小華',
        phone: '02-2345-6789',
        address: '新北市中和區中正路 100 號',
        taxId,
        password,
      },
      { EmailAuthorization: verified.body.data.emailToken, ...(base ? { Origin: base } : {}) },
    ),
  });
  if (created.body.code !== 0) throw new Error(`organ create: ${JSON.stringify(created.body)}`);
  return { email, taxId, password, organisationId: created.body.data.organisationId };
}

/** A preview token for one object, signed with the test server's key as an operator's link would be. */
export function previewToken(kind: PreviewKind, id: number, validMs = 3_600_000): string {
  const { signingKey } = loadSecrets({ secretKey: inject('secretKey'), dataDir: 'memory' });
  return signPreviewToken(signingKey, kind, id, new Date(Date.now() + validMs));
}
