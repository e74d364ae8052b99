import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMemoryRuntime } from '../test-runtime';
import { AppError } from '../app-error';
import {
  ACCOUNT_LEVEL_STEPS,
  assertLoginAllowed,
  captchaLevelFor,
  clearAccountFailures,
  clearPairFailures,
  loginSubject,
  MAX_ADDRESS_FAILURES,
  MAX_PAIR_FAILURES,
  recordCaptchaFailure,
  recordLoginFailure,
} from './login-throttle';

useMemoryRuntime();
afterEach(() => {
  vi.useRealTimers();
});

async function refusal(subject: string, ip: string): Promise<AppError | null> {
  try {
    await assertLoginAllowed(subject, ip, 15);
    return null;
  } catch (error) {
    if (error instanceof AppError && error.code === -11) return error;
    throw error;
  }
}

describe('sign-in protection', () => {
  it('refuses an account at one address after five failures there, for loginBlockMinute, and nowhere else', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T08:00:00Z') });
    const member = loginSubject('individual', 1, 'member@example.org');
    for (let i = 0; i < MAX_PAIR_FAILURES - 1; i++) await recordLoginFailure(member, '198.51.100.1', 15);
    expect(await refusal(member, '198.51.100.1')).toBeNull();
    await recordLoginFailure(member, '198.51.100.1', 15);
    const refused = await refusal(member, '198.51.100.1');
    expect(refused?.data).toMatchObject({ reason: 'loginBlocked', blockMinutes: 15, retryAfterSeconds: 900 });
    // The owner elsewhere, and another account from the same address, are not refused.
    expect(await refusal(member, '198.51.100.2')).toBeNull();
    expect(await refusal(loginSubject('individual', 2, ''), '198.51.100.1')).toBeNull();
    // The block lasts loginBlockMinute from the failure that started it.
    vi.setSystemTime(new Date('2026-11-22T08:14:00Z'));
    expect(await refusal(member, '198.51.100.1')).not.toBeNull();
    vi.setSystemTime(new Date('2026-11-22T08:15:30Z'));
    expect(await refusal(member, '198.51.100.1')).toBeNull();
  });

  it('forgets the pair after a sign-in, and all of the account after a password reset', async () => {
    const member = loginSubject('individual', 3, '');
    for (let i = 0; i < MAX_PAIR_FAILURES - 1; i++) await recordLoginFailure(member, '198.51.100.3', 15);
    await clearPairFailures(member, '198.51.100.3', 15);
    await recordLoginFailure(member, '198.51.100.3', 15);
    expect(await refusal(member, '198.51.100.3')).toBeNull();

    for (let i = 0; i < ACCOUNT_LEVEL_STEPS[0]; i++) await recordLoginFailure(member, '198.51.100.4', 15);
    expect(await refusal(member, '198.51.100.4')).not.toBeNull();
    expect(await assertLoginAllowed(member, '198.51.100.5', 15)).toBe(2);
    // Another account whose id starts the same way keeps its own counts.
    const other = loginSubject('individual', 31, '');
    for (let i = 0; i < MAX_PAIR_FAILURES; i++) await recordLoginFailure(other, '198.51.100.4', 15);
    await clearAccountFailures(member);
    expect(await refusal(member, '198.51.100.4')).toBeNull();
    expect(await assertLoginAllowed(member, '198.51.100.5', 15)).toBe(1);
    expect(await refusal(other, '198.51.100.4')).not.toBeNull();
  });

  it('raises the captcha level of an account failing from many addresses, without refusing it', async () => {
    const member = loginSubject('individual', 4, '');
    for (let i = 0; i < ACCOUNT_LEVEL_STEPS[1]; i++) await recordLoginFailure(member, `203.0.113.${i}`, 15);
    expect(await assertLoginAllowed(member, '203.0.113.200', 15)).toBe(3);
    expect(await refusal(member, '203.0.113.200')).toBeNull();
    // An address that did not fail still gets normal captchas; the account still needs level 3.
    expect(await captchaLevelFor('203.0.113.200', 1)).toBe(1);
    expect(await captchaLevelFor('203.0.113.200', 3)).toBe(3);
  });

  it('refuses an address failing on many accounts (wrong captchas count too), not other addresses', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < MAX_ADDRESS_FAILURES - 10; i++)
      await recordLoginFailure(loginSubject('individual', null, `user${i}@example.org`), ip, 15);
    expect(await captchaLevelFor(ip, 1)).toBe(3);
    for (let i = 0; i < 9; i++) await recordCaptchaFailure(ip);
    expect(await refusal(loginSubject('individual', null, 'someone@example.org'), ip)).toBeNull();
    await recordCaptchaFailure(ip);
    const refused = await refusal(loginSubject('individual', null, 'someone@example.org'), ip);
    expect(refused?.data).toMatchObject({ reason: 'rateLimited' });
    expect(await refusal(loginSubject('individual', null, 'someone@example.org'), '192.0.2.78')).toBeNull();
  });

  it('counts an identifier that names no account as itself, case-insensitively', () => {
    expect(loginSubject('individual', null, ' Nobody@Example.org ')).toBe('individual:?nobody@example.org');
    expect(loginSubject('organ', 7, 'whatever')).toBe('organ:7');
  });
});
