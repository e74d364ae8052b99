import { describe, expect, it } from 'vitest';
import { baseUrl, signUpOrganisation } from './helpers';
import { joinApplication } from './membership-helpers';
import { signedInOn } from './own-server';

/**
 * The console's review queues (DESIGN.md §13, §19): each supervisor sees the queues of their role
 * (admin all) with what is open and overdue, and the items soonest due first; nobody else sees them.
 */
interface Overview {
  counts: { queue: string; open: number; overdue: number; oldest: string | null }[];
  items: {
    queue: string;
    subjectId: number;
    dueAt: string;
    overdue: boolean;
    holders: unknown[];
    subject: { number: string; applicantName: string } | null;
  }[];
  more: boolean;
}

describe('the review queues in the console', () => {
  it('lists a new application on the membership queue, not among the overdue, for the office and the admin', async () => {
    const application = await joinApplication();
    const admin = await signedInOn(baseUrl(), 'admin@example.org', 'Admin2026demo');
    const all = await admin.call<Overview>('/api/amsw1101/queues');
    expect(all.code).toBe(0);
    expect(all.data.counts.map((c) => c.queue)).toEqual(['membership', 'memberStatus', 'credit', 'contiEdu', 'paper']);
    const membership = await admin.call<Overview>('/api/amsw1101/queues?queue=membership');
    const item = membership.data.items.find((i) => i.subject?.number === application.number)!;
    expect(item).toMatchObject({ queue: 'membership', overdue: false, holders: [] });
    expect(item.subject!.applicantName).toBe('林美玲');
    expect(new Date(item.dueAt).getTime()).toBeGreaterThan(Date.now());
    expect(membership.data.items.every((i) => i.queue === 'membership')).toBe(true);
    const counted = membership.data.counts.find((c) => c.queue === 'membership')!;
    expect(counted.open).toBeGreaterThanOrEqual(1);

    const overdue = await admin.call<Overview>('/api/amsw1101/queues?queue=membership&overdue=1');
    expect(overdue.data.items.some((i) => i.subject?.number === application.number)).toBe(false);
    expect(overdue.data.items.every((i) => i.overdue)).toBe(true);
    expect((await admin.call('/api/amsw1101/queues?queue=robots')).code).toBe(-10);

    const page = await admin.page('/en-us/staff/queues?queue=membership');
    expect(page.status).toBe(200);
    expect(page.html).toContain(application.number);
    expect(page.html).toContain('Joining and changes of class');
  });

  it('shows the editor-in-chief the papers only, and refuses everyone without a supervising role', async () => {
    const editor = await signedInOn(baseUrl(), 'editor@example.org', 'Editor2026demo');
    const papers = await editor.call<Overview>('/api/amsw1101/queues');
    expect(papers.data.counts.map((c) => c.queue)).toEqual(['paper']);
    expect(papers.data.items.every((i) => i.queue === 'paper')).toBe(true);
    // A queue outside the reader's: nothing of it is listed.
    const other = await editor.call<Overview>('/api/amsw1101/queues?queue=membership');
    expect(other.data.items).toEqual([]);

    const organ = await signUpOrganisation();
    const organSession = await signedInOn(baseUrl(), organ.email, organ.password, 'organ');
    const member = await signedInOn(baseUrl(), 'member@example.org', 'Member2026demo');
    const reviewer = await signedInOn(baseUrl(), 'reviewer@example.org', 'Reviewer2026demo');
    const finance = await signedInOn(baseUrl(), 'finance@example.org', 'Finance2026demo');
    const waiting = await signedInOn(baseUrl(), 'admin@example.org', 'Admin2026demo', 'individual', {
      secondFactor: false,
    });
    const anonymous = await fetch(`${baseUrl()}/api/amsw1101/queues`);
    expect(((await anonymous.json()) as { code: number }).code).toBe(-9);
    for (const who of [organSession, member, reviewer, finance]) {
      expect((await who.call('/api/amsw1101/queues')).code).toBe(-11);
    }
    for (const who of [member, reviewer, finance]) expect((await who.page('/staff/queues')).status).toBe(403);
    expect((await waiting.call<{ secondFactor: string }>('/api/amsw1101/queues')).data.secondFactor).toBe('required');
    expect((await waiting.page('/staff/queues')).location).toContain('/staff/verify?redirect=');
    expect((await fetch(`${baseUrl()}/staff/queues`, { redirect: 'manual' })).status).toBe(302);
  });
});
