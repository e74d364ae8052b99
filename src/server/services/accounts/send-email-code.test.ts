import type { PGlite, Transaction } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { bootstrap, installRuntime, type Runtime } from '../../runtime';
import { sendEmailCode } from './send-email-code';

vi.mock('../../auth/captcha', () => ({ verifyCaptcha: vi.fn(async () => undefined) }));

let rt: Runtime;
/** Every statement the database is sent, in order (the SQL text; parameters differ). */
const statements: string[] = [];

beforeAll(async () => {
  rt = await bootstrap(loadConfig({ DATA_DIR: 'memory', SEED_DEMO: 'true', LOG_LEVEL: 'silent' }), 'test');
  installRuntime(rt);
  const client = (rt.database.db as unknown as { $client: PGlite }).$client;
  const record = <T extends PGlite | Transaction>(target: T): T => {
    const query = target.query.bind(target);
    target.query = ((text: string, ...rest: unknown[]) => {
      statements.push(text.replace(/\s+/g, ' ').trim());
      return (query as (...args: unknown[]) => unknown)(text, ...rest);
    }) as T['query'];
    return target;
  };
  record(client);
  const transaction = client.transaction.bind(client);
  client.transaction = ((fn: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => fn(record(tx)))) as PGlite['transaction'];
}, 60_000);
afterAll(async () => {
  await rt.database.close();
});

let n = 0;
async function resetStatements(email: string): Promise<string[]> {
  n += 1;
  statements.length = 0;
  const result = await sendEmailCode({
    email,
    purpose: 'reset',
    userType: 'individual',
    captchaId: 'x',
    captchaAnswer: '1',
    locale: 'zh-tw',
    ip: `192.0.2.${n}`,
  });
  expect(result.validMinutes).toBeGreaterThan(0);
  return [...statements];
}

describe('a reset request', () => {
  it('does the same database work whether or not the address has an account, but for writing the mail', async () => {
    await resetStatements('warm-up@example.org'); // fills the settings cache
    const unknown = await resetStatements('nobody-here@example.org');
    const known = await resetStatements('member@example.org');
    const mailInserts = known.filter((s) => /insert into "mail_outbox"/i.test(s));
    expect(mailInserts).toHaveLength(1);
    expect(known.filter((s) => !/"mail_outbox"/i.test(s))).toEqual(unknown);
    expect(unknown.some((s) => /"mail_outbox"/i.test(s))).toBe(false);
    // The work is real on both paths: a challenge is written and a token granted.
    expect(unknown.filter((s) => /"email_challenges"/i.test(s)).length).toBeGreaterThanOrEqual(3);
  });
});
