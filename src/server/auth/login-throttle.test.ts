import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { bootstrap, installRuntime, type Runtime } from '../runtime';
import { AppError } from '../http/app-error';
import {
  assertNotBlocked,
  clearFailures,
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ADDRESS,
  recordFailure,
} from './login-throttle';

let rt: Runtime;

beforeAll(async () => {
  rt = await bootstrap(loadConfig({ DATA_DIR: 'memory', SEED_DEMO: 'false', LOG_LEVEL: 'silent' }), 'test');
  installRuntime(rt);
});
afterAll(async () => {
  await rt.mailer.close();
  await rt.database.close();
});

const minutes = (n: number, from: Date) => new Date(from.getTime() + n * 60_000);

async function blocked(email: string, ip: string, at: Date): Promise<boolean> {
  try {
    await assertNotBlocked('individual', email, ip, 15, at);
    return false;
  } catch (error) {
    if (error instanceof AppError && error.code === -11) return true;
    throw error;
  }
}

describe('login blocking', () => {
  it('blocks an account after five failures within the window, and lets it in again when the window has passed', async () => {
    const start = new Date('2026-11-22T08:00:00Z');
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++)
      await recordFailure('individual', 'a@example.org', `10.0.0.${i}`, minutes(i, start));
    expect(await blocked('a@example.org', '10.0.1.1', minutes(5, start))).toBe(true);
    // Fifteen minutes after the first failure it no longer counts: four remain, under the limit.
    expect(await blocked('a@example.org', '10.0.1.1', minutes(15.5, start))).toBe(false);
    expect(await blocked('a@example.org', '10.0.1.1', minutes(30, start))).toBe(false);
  });

  it('blocks an address that fails on many accounts, but not other addresses', async () => {
    const start = new Date('2026-11-22T09:00:00Z');
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++)
      await recordFailure('individual', `user${i}@example.org`, '192.0.2.7', start);
    expect(await blocked('someone-new@example.org', '192.0.2.7', minutes(1, start))).toBe(true);
    expect(await blocked('someone-new@example.org', '192.0.2.8', minutes(1, start))).toBe(false);
  });

  it('forgets an account failures after a successful sign-in', async () => {
    const start = new Date('2026-11-22T10:00:00Z');
    for (let i = 0; i < 4; i++) await recordFailure('individual', 'b@example.org', `10.1.0.${i}`, start);
    await clearFailures('individual', 'b@example.org');
    await recordFailure('individual', 'b@example.org', '10.1.0.9', start);
    expect(await blocked('b@example.org', '10.1.1.1', minutes(1, start))).toBe(false);
  });
});
