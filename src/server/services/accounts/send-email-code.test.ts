import type { PGlite, Transaction } from '@electric-sql/pglite';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, organisations } from '../../db/schema';
import { loadConfig } from '../../config';
import { installRuntime, type Runtime } from '../../runtime';
import { startRuntime } from '../../start';
import { sendEmailCode } from './send-email-code';

vi.mock('../../auth/captcha', () => ({ verifyCaptcha: vi.fn(async () => undefined) }));

let rt: Runtime;
/** Every statement the database is sent, in order (the SQL text; parameters differ). */
const statements: string[] = [];

beforeAll(async () => {
  rt = await startRuntime(loadConfig({ DATA_DIR: 'memory', SEED_DEMO: 'true', LOG_LEVEL: 'silent' }), 'test');
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
/** The statements one request for a code sends, each request from a client address of its own. */
async function requestStatements(
  email: string,
  purpose: 'reset' | 'signup',
  userType: 'individual' | 'organ' = 'individual',
): Promise<string[]> {
  n += 1;
  statements.length = 0;
  const result = await sendEmailCode({
    email,
    purpose,
    userType,
    captchaId: 'x',
    captchaAnswer: '1',
    locale: 'zh-tw',
    ip: `192.0.2.${n}`,
  });
  expect(result.validMinutes).toBeGreaterThan(0);
  return [...statements];
}

const resetStatements = (email: string) => requestStatements(email, 'reset');
const signupStatements = (email: string, userType?: 'individual' | 'organ') =>
  requestStatements(email, 'signup', userType);

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

/** The newest mail written to the outbox for an address. */
async function newestMail(to: string) {
  const [mail] = await rt.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail!;
}

describe('a sign-up request', () => {
  it('does the same database work for a registered address as for a new one, one mail each', async () => {
    await signupStatements('warm-up-signup@example.org');
    const fresh = await signupStatements('somebody-new@example.org');
    const registered = await signupStatements('member@example.org');
    expect(registered).toEqual(fresh);
    expect(fresh.filter((s) => /insert into "mail_outbox"/i.test(s))).toHaveLength(1);
    expect((await newestMail('somebody-new@example.org')).kind).toBe('signupCode');
    const owner = await newestMail('member@example.org');
    expect(owner).toMatchObject({ kind: 'signupExisting', locale: 'zh-tw' });
    expect(owner.subject).toContain('您已有帳號');
    expect(owner.text).toMatch(/\/password\/reset\?email=member%40example\.org&token=[\w-]+&type=individual/);
  });

  it('mails an organisation that it has an account, in the language it reads', async () => {
    await rt.database.db
      .update(organisations)
      .set({ preferredLocale: 'en-us' })
      .where(eq(organisations.email, 'organ@example.org'));
    await signupStatements('organ@example.org', 'organ');
    const mail = await newestMail('organ@example.org');
    expect(mail).toMatchObject({ kind: 'signupExisting', locale: 'en-us' });
    expect(mail.subject).toMatch(/^You already have an account \| /);
    expect(mail.text).toContain('which already has an organisation account with us');
    expect(mail.text).toMatch(/\/en-us\/password\/reset\?email=organ%40example\.org&token=[\w-]+&type=organ/);
    expect(mail.html).toContain('Choose a new password');
  });
});
