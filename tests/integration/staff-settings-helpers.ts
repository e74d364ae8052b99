import { expect } from 'vitest';
import { freeTimeStep, totpCode } from '../setup/staff-sessions';
import { passSecondFactor, signIn } from './helpers';
import { signedInWith } from './own-server';

/** The demo admin, who alone edits the society's settings. */
export const ADMIN = ['admin@example.org', 'Admin2026demo'] as const;

/** A society check as the console's check endpoints answer it. */
export interface SocietyCheckResult {
  ok: boolean;
  problems?: { path: string; zh: string; en: string }[];
  changes?: { path: string; kind: string; before?: unknown; after?: unknown }[];
  setUp?: boolean;
}

/**
 * The admin signed in on `base` with the factor given, and ten recovery codes to stand for fresh
 * codes (each works once, so a test takes as many as it applies).
 */
export async function adminWithCodes(base: string) {
  const login = await signIn(...ADMIN, 'individual', false, { base, secondFactor: false });
  const step = await passSecondFactor(login.token, base, ADMIN[0]);
  const admin = signedInWith(base, login);
  const renewed = await admin.post<{ recoveryCodes: string[] }>('/api/amsw1101/secondFactor/recoveryCodes', {
    code: await totpCode(await freeTimeStep(step)),
  });
  expect(renewed.code).toBe(0);
  return { admin, codes: renewed.data.recoveryCodes };
}
