import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taipeiDate } from '../../src/lib/calendar-date';
import { hashPassword } from '../../src/server/auth/passwords';
import { accounts, orders } from '../../src/server/db/schema';
import { DEMO_SOCIETY_FILE, runCommand } from './commands';
import { freePort } from '../setup/start-server';
import { jobsSite } from './jobs-helpers';
import { joinStudent } from './membership-helpers';
import { signedInOn } from './own-server';

// A society gone live before its NewebPay credentials are configured: no gateway, and no
// simulator either (that runs in the demo and tests only). A member's order is paid by bank
// transfer, reported on the payments page.
describe('a live start without NewebPay credentials', () => {
  const site = jobsSite();
  const password = 'Live2026member!';
  let email = '';
  let orderId = 0;
  beforeAll(async () => {
    const s = await site;
    // The site's own address (a port chosen first), so the origin check takes the test's requests.
    const port = await freePort();
    Object.assign(s.env, { SEED_DEMO: 'false', PORT: String(port), SITE_URL: `http://127.0.0.1:${port}` });
    // The society's own details and settings, applied from its society file before going live
    // (the demo's file stands in for the society's here).
    const applied = runCommand('society', ['apply', DEMO_SOCIETY_FILE, '--yes'], s.env);
    expect(applied.stderr).toBe('');
    expect(applied.status).toBe(0);
    ({ email, orderId } = await s.withDb(async (db) => {
      const address = `live-${Date.now().toString(36)}@example.org`;
      const [account] = await db
        .insert(accounts)
        .values({
          email: address,
          passwordHash: await hashPassword(password),
          nameZh: '黃志強',
          nameEn: 'Huang Chih-Chiang',
          personIdEncrypted: 'unused',
          personIdHash: `live-${address}`,
          birthDate: '1979-09-09',
        })
        .returning({ id: accounts.id });
      const [order] = await db
        .insert(orders)
        .values({
          number: 'O2026-900001',
          accountId: account!.id,
          description: { 'zh-tw': '常年會費', 'en-us': 'Dues' },
          amount: 1500,
        })
        .returning({ id: orders.id });
      return { email: address, orderId: order!.id };
    }));
    await s.start();
  });
  afterAll(async () => {
    await (await site).drop();
  });

  it('offers only bank remittance: no gateway form, no simulator, a transfer report taken', async () => {
    const base = (await site).url();
    const member = await signedInOn(base, email, password);
    const payments = await member.page('/en-us/member/payment');
    expect(payments.location).toBeNull();
    expect(payments.status).toBe(200);
    expect(payments.html).toContain('O2026-900001');
    expect(payments.html).not.toContain('Pay now');
    expect(payments.html).toContain('Pay by bank transfer');

    const gateway = await member.post('/api/amsw0501/pay', { orderId });
    expect(gateway).toMatchObject({ code: -10, data: { reason: 'remittanceOnly', methods: ['transfer'] } });
    // A way the portal does not take is refused by name, with the ways it takes.
    const card = await member.post('/api/amsw0501/pay', { orderId, method: 'card' });
    expect(card).toMatchObject({ code: -10, data: { reason: 'methodUnavailable', methods: ['transfer'] } });
    expect((await fetch(`${base}/payment/simulator`)).status).toBe(404);

    const reported = await member.post('/api/amsw0501/remittance', {
      orderId,
      transferDate: taipeiDate(),
      amount: 1500,
      accountLast5: '24680',
    });
    expect(reported.code).toBe(0);
    expect((await member.page('/en-us/member/payment')).html).not.toContain('Pay now');
  });

  it('names only bank transfer where a member pays: the application they pay and its answer', async () => {
    const base = (await site).url();
    const member = await signedInOn(base, email, password);
    const joined = await joinStudent(member.auth, base);
    expect(joined.order).toMatchObject({ status: 'pending', paymentMethods: ['transfer'] });
    for (const [path, words] of [
      [`/en-us/signinResult?applicationId=${joined.applicationId}`, ['Pay by bank transfer']],
      [`/signinResult?applicationId=${joined.applicationId}`, ['銀行匯款繳費']],
    ] as const) {
      const page = await member.page(path);
      expect(page.status).toBe(200);
      for (const word of words) expect(page.html).toContain(word);
      expect(page.html).not.toContain('Pay now');
      expect(page.html).not.toContain('前往付款');
    }
  });
});
