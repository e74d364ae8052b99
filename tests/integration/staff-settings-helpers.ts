import { expect } from 'vitest';
import { freeTimeStep, totpCode } from '../setup/staff-sessions';
import { type Envelope, passSecondFactor, signIn } from './helpers';

/** The demo admin, who alone edits the society's settings. */
export const ADMIN = ['admin@example.org', 'Admin2026demo'] as const;

/** A society check as the console's check endpoints answer it. */
export interface SocietyCheckResult {
  ok: boolean;
  problems?: { path: string; zh: string; en: string }[];
  changes?: { path: string; kind: string; before?: unknown; after?: unknown }[];
  setUp?: boolean;
}

function signedInOnToken(base: string, token: string, cookie: string) {
  const auth = { Authorization: `Bearer ${token}` };
  const call = async <T>(path: string, init: RequestInit = {}) =>
    (await (
      await fetch(base + path, { ...init, headers: { ...auth, ...(init.headers as object) } })
    ).json()) as Envelope<T>;
  const post = <T>(path: string, body: unknown) =>
    call<T>(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const page = async (path: string) => {
    const res = await fetch(base + path, { headers: { Cookie: cookie }, redirect: 'manual' });
    return { status: res.status, html: await res.text() };
  };
  return { call, post, page };
}

/**
 * The admin signed in on `base` with the factor given, and ten recovery codes to stand for fresh
 * codes (each works once, so a test takes as many as it applies).
 */
export async function adminWithCodes(base: string) {
  const login = await signIn(...ADMIN, 'individual', false, { base, secondFactor: false });
  const step = await passSecondFactor(login.token, base, ADMIN[0]);
  const admin = signedInOnToken(base, login.token, login.cookie);
  const renewed = await admin.post<{ recoveryCodes: string[] }>('/api/amsw1101/secondFactor/recoveryCodes', {
    code: await totpCode(await freeTimeStep(step)),
  });
  expect(renewed.code).toBe(0);
  return { admin, codes: renewed.data.recoveryCodes };
}
