import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationHistory,
  applications,
  issuedDocuments,
  membershipEvents,
  membershipReminders,
  memberships,
  orders,
  paymentAttempts,
  payments,
  remittances,
  reviewItems,
} from '../../src/server/db/schema';
import {
  addAccount,
  addApplication,
  addMember,
  awaitingPayment,
  day,
  jobsDue,
  jobsSite,
  settledMails,
  SITE_URL,
  today,
} from './jobs-helpers';
import type { CaughtMail } from './helpers';
import { gatewayPost, keys, paid } from './simulator-helpers';

// The jobs over daily facts (DESIGN.md §15) on a society of their own: each case is written into
// the database with the dates that make it due, then a start of the server runs every job at its
// first tick, and what they did is read from the mail catcher and the database.
describe('membership jobs', { timeout: 90_000 }, () => {
  let site: Awaited<ReturnType<typeof jobsSite>>;
  beforeAll(async () => {
    site = await jobsSite();
    await site.start(); // migrates and seeds the demo society
    await site.stop();
  });
  afterAll(async () => {
    await site?.drop();
  });

  /**
   * Runs every job once (all made due, one start) and answers the mails each address got by then:
   * `[address, how many are expected]`, read in order, so those expecting none go after those whose
   * mails show that the jobs have run; then `andThen`, with the server still running.
   */
  async function runJobs<K extends string>(expected: Record<K, [string, number]>, andThen?: () => Promise<void>) {
    await site.withDb(jobsDue);
    await site.start();
    try {
      const mails = {} as Record<K, CaughtMail[]>;
      for (const [name, [address, count]] of Object.entries(expected) as [K, [string, number]][])
        mails[name] = await settledMails(address, count);
      await andThen?.();
      return mails;
    } finally {
      await site.stop();
    }
  }

  it('records the status each membership has reached by its dates, with an event and one mail in the member’s language', async () => {
    const { grace, lapsed, paused, ended, unchanged } = await site.withDb(async (db) => ({
      grace: await addMember(db, { status: 'active', termEnd: day(-1) }),
      lapsed: await addMember(db, { locale: 'en-us', status: 'inGrace', termEnd: day(-91) }),
      paused: await addMember(db, { locale: 'en-us', status: 'active', termEnd: day(30), pausedFrom: today() }),
      ended: await addMember(db, { status: 'active', termEnd: day(30), lastDay: day(-1) }),
      unchanged: await addMember(db, { status: 'active', termEnd: day(60) }),
    }));
    // Certificates issued while they were current (the codes are made up for the test).
    await site.withDb(async (db) => {
      for (const [i, m] of [lapsed, ended, unchanged].entries())
        await db.insert(issuedDocuments).values({
          kind: 'certificate',
          number: `JOB-${m.membershipId}-1`,
          accountId: m.accountId,
          subjectId: m.membershipId,
          verifyCode: `JOBTEST${m.membershipId}X${i}`,
          facts: {},
        });
    });
    const mails = await runJobs({
      grace: [grace.email, 1],
      lapsed: [lapsed.email, 1],
      paused: [paused.email, 1],
      ended: [ended.email, 1],
      unchanged: [unchanged.email, 0],
    });
    expect(mails.grace).toHaveLength(1);
    expect(mails.grace[0]!.subject).toContain('寬限期');
    // The term's end, grace's end (90 days on), the dues and the renewal page on the configured origin.
    expect(mails.grace[0]!.text).toContain(day(-1));
    expect(mails.grace[0]!.text).toContain(day(89));
    expect(mails.grace[0]!.text).toContain('1,500');
    expect(mails.grace[0]!.text).toContain(`${SITE_URL}/member/extension/apply`);
    expect(mails.lapsed).toHaveLength(1);
    expect(mails.lapsed[0]!.subject).toContain('Your membership has lapsed');
    expect(mails.lapsed[0]!.text).toContain(`${SITE_URL}/en-us/member/center`);
    expect(mails.paused).toHaveLength(1);
    expect(mails.paused[0]!.subject).toContain('paused');
    expect(mails.paused[0]!.text).toContain(today());
    expect(mails.ended).toHaveLength(1);
    expect(mails.ended[0]!.subject).toContain('會籍已終止');
    expect(mails.unchanged).toHaveLength(0);

    await site.withDb(async (db) => {
      const ids = [grace, lapsed, paused, ended, unchanged].map((m) => m.membershipId);
      const rows = await db
        .select({ id: memberships.id, status: memberships.status })
        .from(memberships)
        .where(inArray(memberships.id, ids));
      const statusOf = new Map(rows.map((r) => [r.id, r.status]));
      expect(ids.map((id) => statusOf.get(id))).toEqual(['inGrace', 'lapsed', 'paused', 'ended', 'active']);
      // A certificate states a current membership: lapsed or ended, it is no longer valid.
      const certificates = await db
        .select({ id: issuedDocuments.subjectId, reason: issuedDocuments.revokedReason })
        .from(issuedDocuments)
        .where(and(eq(issuedDocuments.kind, 'certificate'), inArray(issuedDocuments.subjectId, ids)))
        .orderBy(asc(issuedDocuments.id));
      expect(certificates).toEqual([
        { id: lapsed.membershipId, reason: 'membershipLapsed' },
        { id: ended.membershipId, reason: 'membershipEnded' },
        { id: unchanged.membershipId, reason: null },
      ]);
      const events = await db
        .select({
          id: membershipEvents.membershipId,
          kind: membershipEvents.kind,
          from: membershipEvents.fromStatus,
          to: membershipEvents.toStatus,
        })
        .from(membershipEvents)
        .where(inArray(membershipEvents.membershipId, ids))
        .orderBy(asc(membershipEvents.id));
      expect(events).toEqual([
        { id: grace.membershipId, kind: 'status', from: 'active', to: 'inGrace' },
        { id: lapsed.membershipId, kind: 'status', from: 'inGrace', to: 'lapsed' },
        { id: paused.membershipId, kind: 'status', from: 'active', to: 'paused' },
        { id: ended.membershipId, kind: 'status', from: 'active', to: 'ended' },
      ]);
    });
  });

  it('sends each renewal reminder once, even when the job runs again, and not to those who are renewing', async () => {
    const { soon, inGrace, renewing, life } = await site.withDb(async (db) => {
      const renewingMember = await addMember(db, { status: 'active', termEnd: day(7) });
      await addApplication(db, renewingMember.accountId, { type: 'extension', state: 'awaitingPayment', amount: 1500 });
      return {
        // Seven days before the end: the 7-day reminder, not the 30-day one missed before it.
        soon: await addMember(db, { status: 'active', termEnd: day(7) }),
        // Fourteen days into grace.
        inGrace: await addMember(db, { locale: 'en-us', classCode: 'student', status: 'inGrace', termEnd: day(-14) }),
        renewing: renewingMember,
        life: await addMember(db, { classCode: 'life', status: 'active', termEnd: null }),
      };
    });
    const first = await runJobs({
      soon: [soon.email, 1],
      inGrace: [inGrace.email, 1],
      renewing: [renewing.email, 0],
      life: [life.email, 0],
    });
    expect(first.soon).toHaveLength(1);
    expect(first.soon[0]!.subject).toContain('會籍即將到期');
    expect(first.soon[0]!.text).toContain(day(7));
    expect(first.soon[0]!.text).toContain('1,500');
    expect(first.soon[0]!.text).toContain(`${SITE_URL}/member/extension/apply`);
    expect(first.inGrace).toHaveLength(1);
    expect(first.inGrace[0]!.subject).toContain('grace period ends soon');
    expect(first.inGrace[0]!.text).toContain(day(76)); // grace ends 90 days after the term
    expect(first.inGrace[0]!.text).toContain('NT$300');
    expect(first.inGrace[0]!.text).toContain(`${SITE_URL}/en-us/member/extension/apply`);
    expect(first.renewing).toHaveLength(0);
    expect(first.life).toHaveLength(0);

    // The job again (another hour, a restart): a member who came due since is reminded, nobody twice.
    const later = await site.withDb((db) => addMember(db, { status: 'active', termEnd: day(30) }));
    const again = await runJobs({ later: [later.email, 1], soon: [soon.email, 1], inGrace: [inGrace.email, 1] });
    expect(again.later).toHaveLength(1);
    expect(again.soon).toHaveLength(1);
    expect(again.inGrace).toHaveLength(1);
    await site.withDb(async (db) => {
      const sent = await db
        .select({
          id: membershipReminders.membershipId,
          termEnd: membershipReminders.termEnd,
          kind: membershipReminders.kind,
        })
        .from(membershipReminders)
        .where(
          inArray(
            membershipReminders.membershipId,
            [soon, inGrace, renewing, later].map((m) => m.membershipId),
          ),
        )
        .orderBy(asc(membershipReminders.id));
      expect(sent).toEqual([
        expect.objectContaining({ id: soon.membershipId, termEnd: day(7), kind: 'before7' }),
        expect.objectContaining({ id: inGrace.membershipId, termEnd: day(-14), kind: 'grace14' }),
        expect.objectContaining({ id: later.membershipId, termEnd: day(30), kind: 'before30' }),
      ]);
      expect(sent).toHaveLength(3);
    });
  });

  it('expires an application past its deadline for payment or changes, closing its order or review', async () => {
    const past = new Date(Date.now() - 3_600_000);
    const { unpaid, returned, codeIssued, transferReported } = await site.withDb(async (db) => {
      const unpaid = await awaitingPayment(db, past);
      const b = await addAccount(db, 'en-us');
      const returnedApp = await addApplication(db, b.accountId, {
        type: 'join',
        state: 'returned',
        reviewed: true,
        locale: 'en-us',
        amount: 1500,
        dueAt: past,
      });
      await db
        .insert(reviewItems)
        .values({ queue: 'membership', subjectId: returnedApp.id, applicantId: b.accountId, dueAt: past });
      // Paying at an ATM with a code still valid today: it waits until the code has expired.
      const codeIssued = await awaitingPayment(db, past);
      await db.insert(paymentAttempts).values({
        orderId: codeIssued.order.id,
        merchantOrderNo: `JOBO${codeIssued.app.id}_1`,
        amount: 300,
        status: 'codeIssued',
        codeExpiresAt: new Date(Date.now() + 6 * 3_600_000),
      });
      // A bank transfer reported in time: it waits for the finance office's decision.
      const transferReported = await awaitingPayment(db, past);
      await db.insert(remittances).values({
        orderId: transferReported.order.id,
        accountId: transferReported.accountId,
        transferDate: today(),
        amount: 300,
        accountLast5: '12345',
      });
      return { unpaid, returned: { ...b, app: returnedApp }, codeIssued, transferReported };
    });
    const mails = await runJobs({
      unpaid: [unpaid.email, 1],
      returned: [returned.email, 1],
      codeIssued: [codeIssued.email, 0],
      transferReported: [transferReported.email, 0],
    });
    expect(mails.transferReported).toHaveLength(0);
    expect(mails.unpaid).toHaveLength(1);
    expect(mails.unpaid[0]!.subject).toContain('已逾期');
    expect(mails.returned).toHaveLength(1);
    expect(mails.returned[0]!.subject).toContain('expired');
    expect(mails.codeIssued).toHaveLength(0);
    await site.withDb(async (db) => {
      const stateOf = async (id: number) =>
        (await db.select({ state: applications.state }).from(applications).where(eq(applications.id, id)))[0]!.state;
      const orderOf = async (id: number) =>
        (await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;
      expect(await stateOf(unpaid.app.id)).toBe('expired');
      expect(await orderOf(unpaid.order.id)).toBe('expired');
      expect(await stateOf(returned.app.id)).toBe('expired');
      const [item] = await db.select().from(reviewItems).where(eq(reviewItems.subjectId, returned.app.id));
      expect(item!.status).toBe('withdrawn');
      expect(await stateOf(codeIssued.app.id)).toBe('awaitingPayment');
      expect(await orderOf(codeIssued.order.id)).toBe('pending');
      expect(await stateOf(transferReported.app.id)).toBe('awaitingPayment');
      expect(await orderOf(transferReported.order.id)).toBe('pending');
      const history = await db
        .select({
          event: applicationHistory.event,
          from: applicationHistory.fromState,
          actor: applicationHistory.actorType,
        })
        .from(applicationHistory)
        .where(and(eq(applicationHistory.applicationId, unpaid.app.id), eq(applicationHistory.toState, 'expired')));
      expect(history).toEqual([{ event: 'expire', from: 'awaitingPayment', actor: 'system' }]);
    });
  });

  it('keeps a payment that arrives after the expiry as surplus, leaving the application expired', async () => {
    const late = await site.withDb(async (db) => {
      const applicant = await awaitingPayment(db, new Date(Date.now() - 60_000));
      // The applicant had opened the gateway's page before the deadline, and pays after it.
      await db
        .insert(paymentAttempts)
        .values({ orderId: applicant.order.id, merchantOrderNo: `JOBL${applicant.app.id}_1`, amount: 300 });
      return applicant;
    });
    let outcome: unknown;
    const mails = await runJobs({ late: [late.email, 1] }, async () => {
      const res = await fetch(`${site.url()}/api/amsw0501/newebpay/notify`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: gatewayPost(paid(`JOBL${late.app.id}_1`, 300), { with: keys(site.env.SECRET_KEY) }),
      });
      outcome = ((await res.json()) as { data: { outcome: string } | null }).data?.outcome;
    });
    expect(mails.late[0]!.subject).toContain('已逾期');
    expect(outcome).toBe('surplus');
    await site.withDb(async (db) => {
      const [app] = await db.select().from(applications).where(eq(applications.id, late.app.id));
      expect(app!.state).toBe('expired');
      const [order] = await db.select().from(orders).where(eq(orders.id, late.order.id));
      expect(order).toMatchObject({ status: 'expired', receiptNo: null });
      const money = await db.select().from(payments).where(eq(payments.orderId, late.order.id));
      expect(money).toEqual([expect.objectContaining({ amount: 300, surplus: true })]);
    });
  });
});
