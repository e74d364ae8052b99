import { describe, expect, it } from 'vitest';
import { ownServerSuite } from './own-server';

// A fresh demo has something waiting on every desk (README: Demo accounts): finance finds a
// reported bank transfer to confirm, and the office a member brought over who has no password yet.
describe('a fresh demo', () => {
  const suite = ownServerSuite();

  it('has one bank transfer waiting for finance, reported by the demo payer', async () => {
    const finance = await suite.as('finance@example.org', 'Finance2026demo');
    const queue = await finance.call<{
      remittanceList: {
        remittanceId: number;
        payerEmail: string;
        amount: number;
        amountDue: number;
        orderStatus: string;
      }[];
    }>('/api/amsw0502/remittances');
    expect(queue.code).toBe(0);
    expect(queue.data.remittanceList).toEqual([
      expect.objectContaining({
        payerEmail: 'payer@example.org',
        amount: 1500,
        amountDue: 1500,
        orderStatus: 'pending',
      }),
    ]);
    const page = await finance.page('/en-us/member/remittances');
    expect(page.html).toContain('Chang Chih-Ming');
    // Confirmed, it pays the renewal's order.
    const [waiting] = queue.data.remittanceList;
    const confirmed = await finance.post('/api/amsw0502/remittances/decide', {
      remittanceId: waiting!.remittanceId,
      decision: 'confirm',
    });
    expect(confirmed).toMatchObject({ code: 0, data: { outcome: 'applied' } });
  });

  it('has a member without a password, whose person page offers the first-sign-in link', async () => {
    const office = await suite.as('admin@example.org', 'Admin2026demo');
    const found = await office.call<{ rows: { id: number; email: string }[] }>('/api/amsw1101/people?q=invited');
    const person = found.data.rows.find((r) => r.email === 'invited@example.org')!;
    expect(person).toBeDefined();
    const en = await office.page(`/en-us/staff/people/${person.id}`);
    expect(en.html).toContain('No password yet: the member signs in first through the mailed link');
    expect(en.html).toContain('Mail the first-sign-in link');
    const zh = await office.page(`/staff/people/${person.id}`);
    expect(zh.html).toContain('寄送首次登入連結');
    // A member with a password is not offered it.
    const others = await office.call<{ rows: { id: number; email: string }[] }>('/api/amsw1101/people?q=payer');
    const payer = others.data.rows.find((r) => r.email === 'payer@example.org')!;
    expect((await office.page(`/en-us/staff/people/${payer.id}`)).html).not.toContain('Mail the first-sign-in link');
  });
});
