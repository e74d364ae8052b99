import { describe, expect, it } from 'vitest';
import type { signedInOn } from './own-server';
import { ownServerSuite } from './own-server';
import { until } from './simulator-helpers';

// Claims change the demo members' ledgers: on a server of their own.
const suite = ownServerSuite();
const MEMBER = ['member@example.org', 'Member2026demo'] as const;

interface Claim {
  applicationId: number;
  type: string;
  number: string;
  state: string;
  points: number;
  grantedPoints: number | null;
  amount: number;
  reviewComment: string | null;
  order: { orderId: number; amount: number; status: string } | null;
  documents: { key: string; fileId: number }[];
}

async function kinds(member: Awaited<ReturnType<typeof signedInOn>>) {
  const list = await member.call<{ certificationList: { certificationId: number; name: string }[] }>('/api/amsw0602');
  const id = (name: string) => list.data.certificationList.find((c) => c.name === name)!.certificationId;
  return { licence: id('醫師執業執照繼續教育'), specialist: id('本會專科醫師證書') };
}

const paperClaim = (certificationId: number, fileId: number, over: Record<string, unknown> = {}) => ({
  certificationId,
  method: 'paper',
  category: 'research',
  creditClass: 'A',
  title: 'Glycaemic control in rural clinics',
  provider: 'Journal of Clinical Practice',
  earnedOn: '2026-03-01',
  points: 30,
  description: 'First author.',
  documents: [{ key: 'evidence1', fileId }],
  ...over,
});

async function standing(member: Awaited<ReturnType<typeof signedInOn>>, certificationId: number) {
  return (
    await member.call<{ standing: { total: { have: number } }; ledger: { title: string; points: number }[] }>(
      `/api/amsw0602/certification?certificationId=${certificationId}`,
    )
  ).data;
}

describe('a claim for points not recorded automatically', () => {
  it('goes to the credit reviewers, is granted fewer points, paid for, and lands in the ledger once', async () => {
    const member = await suite.as(...MEMBER);
    const { specialist } = await kinds(member);
    const before = await standing(member, specialist);
    const fileId = await suite.upload(member, 'paper.pdf');
    const sent = await member.post<Claim>('/api/amsw0602/claim', paperClaim(specialist, fileId));
    expect(sent.code).toBe(0);
    expect(sent.data).toMatchObject({ type: 'creditClaim', state: 'submitted', points: 30, amount: 300, order: null });

    // The reviewer reads what the rules would count, then grants 25 of the 30 points.
    const reviewer = await suite.as('reviewer@example.org', 'Reviewer2026demo');
    const queue = await reviewer.call<{
      itemList: { reviewId: number; subjectId: number; title: string; path: string }[];
    }>('/api/amsw0601/items?queue=credit');
    const item = queue.data.itemList.find((i) => i.subjectId === sent.data.applicationId)!;
    expect(item).toMatchObject({
      title: 'Glycaemic control in rural clinics',
      path: `/member/creditReview/${item.reviewId}`,
    });
    await reviewer.post('/api/amsw0601/declare', { reviewId: item.reviewId, declaration: 'none' });
    const page = await reviewer.page(`/en-us/member/creditReview/${item.reviewId}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Journal of Clinical Practice');
    expect(page.html).toContain('would count 30 points and raise the total by 30');
    expect(page.html).toContain(`/api/amsw1001/file?fileId=${fileId}`);
    const noPoints = await reviewer.post('/api/amsw0601/decide', { reviewId: item.reviewId, decision: 'approve' });
    expect(noPoints.code).toBe(-2);
    const tooMany = await reviewer.post('/api/amsw0601/decide', {
      reviewId: item.reviewId,
      decision: 'approve',
      points: 31,
    });
    expect(tooMany.code).toBe(-10);
    const approved = await reviewer.post('/api/amsw0601/decide', {
      reviewId: item.reviewId,
      decision: 'approve',
      points: 25,
    });
    expect(approved.code).toBe(0);

    const due = await member.call<Claim>(`/api/amsw0602/claim?applicationId=${sent.data.applicationId}`);
    expect(due.data).toMatchObject({
      state: 'awaitingPayment',
      grantedPoints: 25,
      order: { amount: 300, status: 'pending' },
    });
    // Nothing lands before the fee is paid.
    expect((await standing(member, specialist)).standing.total.have).toBe(before.standing.total.have);
    await suite.payByCard(member, due.data.order!.orderId);
    await until(
      async () => (await member.call<Claim>(`/api/amsw0602/claim?applicationId=${sent.data.applicationId}`)).data.state,
      (state) => state === 'effective',
    );
    const after = await standing(member, specialist);
    expect(after.standing.total.have).toBe(before.standing.total.have + 25);
    expect(after.ledger.filter((l) => l.title === 'Glycaemic control in rural clinics')).toEqual([
      expect.objectContaining({ points: 25 }),
    ]);
    // Back from the gateway, the claim's page says the payment arrived.
    const detail = await member.page(
      `/en-us/credit/detail/${sent.data.applicationId}?orderId=${due.data.order!.orderId}`,
    );
    expect(detail.html).toContain('Payment received, thank you!');
    expect(detail.html).toContain('25 points were granted and recorded in your ledger.');
  });

  it('is free for a certification without a fee: approved, its points land at once', async () => {
    const member = await suite.as('status-reviewer@example.org', 'Status2026demo');
    const { licence } = await kinds(member);
    const fileId = await suite.upload(member, 'lecture.pdf');
    const sent = await member.post<Claim>(
      '/api/amsw0602/claim',
      paperClaim(licence, fileId, { method: 'lecture', category: 'ethics', points: 2, title: 'Teaching consent' }),
    );
    expect(sent.data.amount).toBe(0);
    await suite.decide('credit', sent.data.applicationId, 'approve', { points: 2 });
    const done = await member.call<Claim>(`/api/amsw0602/claim?applicationId=${sent.data.applicationId}`);
    expect(done.data).toMatchObject({ state: 'effective', grantedPoints: 2, order: null });
    expect((await standing(member, licence)).ledger.filter((l) => l.title === 'Teaching consent')).toEqual([
      expect.objectContaining({ points: 2 }),
    ]);
  });

  it('is returned for changes, changed and sent again; it never blocks the membership’s own applications', async () => {
    const member = await suite.as(...MEMBER);
    const { specialist } = await kinds(member);
    const fileId = await suite.upload(member, 'abroad.pdf');
    const sent = await member.post<Claim>(
      '/api/amsw0602/claim',
      paperClaim(specialist, fileId, { method: 'abroad', category: 'clinical', points: 12, title: 'ESC Congress' }),
    );
    // A second claim at the same time is fine, and so is a membership flow.
    const second = await member.post<Claim>(
      '/api/amsw0602/claim',
      paperClaim(specialist, await suite.upload(member, 'second.pdf'), { title: 'Second paper' }),
    );
    expect(second.code).toBe(0);
    const centre = await member.page('/member/center');
    expect(centre.html).toContain('/member/replace/apply');

    const early = await member.call('/api/amsw0602/claim', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ applicationId: sent.data.applicationId, ...paperClaim(specialist, fileId) }),
    });
    expect(early.code).toBe(-10);
    await suite.decide('credit', sent.data.applicationId, 'return');
    const returned = await member.call<Claim>(`/api/amsw0602/claim?applicationId=${sent.data.applicationId}`);
    expect(returned.data).toMatchObject({ state: 'returned', reviewComment: 'Please give a reason.' });
    const page = await member.page(`/credit/detail/${sent.data.applicationId}`);
    expect(page.html).toContain('審查人員請您修改後重新送出');
    const { certificationId: _id, ...changes } = paperClaim(specialist, fileId, {
      method: 'abroad',
      category: 'clinical',
      points: 10,
      title: 'ESC Congress 2026',
    });
    const resent = await member.call<Claim>('/api/amsw0602/claim', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ applicationId: sent.data.applicationId, ...changes }),
    });
    expect(resent.code).toBe(0);
    expect(resent.data).toMatchObject({ state: 'submitted', points: 10 });

    // Withdrawn with the membership's own withdrawal: off the queue.
    const withdrawn = await member.post<{ state: string }>('/api/amsw0401/cancel', {
      applicationId: second.data.applicationId,
    });
    expect(withdrawn.data.state).toBe('cancelled');
    const reviewer = await suite.as('reviewer@example.org', 'Reviewer2026demo');
    const queue = await reviewer.call<{ itemList: { subjectId: number }[] }>('/api/amsw0601/items?queue=credit');
    expect(queue.data.itemList.map((i) => i.subjectId)).not.toContain(second.data.applicationId);
  });

  it('refuses bad input with clear codes and loses nothing', async () => {
    const member = await suite.as(...MEMBER);
    const { specialist } = await kinds(member);
    const fileId = await suite.upload(member, 'bad.pdf');
    const claims = async () =>
      (await member.call<{ claimList: unknown[] }>('/api/amsw0602/claims')).data.claimList.length;
    const count = await claims();
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    for (const [over, code] of [
      [{ category: 'ethics' }, -10],
      [{ earnedOn: tomorrow }, -10],
      [{ earnedOn: '2026-02-30' }, -5],
      [{ points: 0 }, -10],
      [{ points: 1.25 }, -10],
      [{ method: 'osmosis' }, -10],
      [{ documents: [] }, -10],
      [{ documents: [{ key: 'evidence2', fileId }] }, -10],
      [{ documents: [{ key: 'evidence1', fileId: 999999 }] }, -10],
      [{ certificationId: 999999 }, -6],
      [{ title: '' }, -10],
    ] as const) {
      const answer = await member.post('/api/amsw0602/claim', paperClaim(specialist, fileId, over));
      expect(answer.code, JSON.stringify(over)).toBe(code);
    }
    const { title: _title, ...noTitle } = paperClaim(specialist, fileId);
    expect((await member.post('/api/amsw0602/claim', noTitle)).code).toBe(-2);
    // Another member's upload is not evidence of this claim.
    const other = await suite.as('grace@example.org', 'Grace2026demo');
    const theirs = await suite.upload(other, 'theirs.pdf');
    expect((await member.post('/api/amsw0602/claim', paperClaim(specialist, theirs))).code).toBe(-10);
    expect(await claims()).toBe(count);
  });

  it('shows a claim only to its claimant and its reviewers, never to the claimant as reviewer', async () => {
    const member = await suite.as(...MEMBER);
    const { licence } = await kinds(member);
    const reviewer = await suite.as('reviewer@example.org', 'Reviewer2026demo');
    // The reviewer's own claim is theirs to follow, not to decide.
    const own = await reviewer.post<Claim>(
      '/api/amsw0602/claim',
      paperClaim(licence, await suite.upload(reviewer, 'own.pdf'), { category: 'professional' }),
    );
    expect(own.code).toBe(0);
    const items = await reviewer.call<{ itemList: { reviewId: number; subjectId: number; own: boolean }[] }>(
      '/api/amsw0601/items?queue=credit',
    );
    const mine = items.data.itemList.find((i) => i.subjectId === own.data.applicationId)!;
    expect(mine.own).toBe(true);
    expect((await reviewer.post('/api/amsw0601/declare', { reviewId: mine.reviewId, declaration: 'none' })).code).toBe(
      -11,
    );
    expect((await reviewer.page(`/member/creditReview/${mine.reviewId}`)).status).toBe(403);

    // Another member, and the claimant reading a review page, are refused.
    expect((await member.call(`/api/amsw0602/claim?applicationId=${own.data.applicationId}`)).code).toBe(-6);
    expect((await member.page(`/credit/detail/${own.data.applicationId}`)).status).toBe(404);
    expect((await member.page(`/member/creditReview/${mine.reviewId}`)).status).toBe(403);
    // A credit item is not a membership review page, and a membership page's id is not a credit item.
    expect((await reviewer.page(`/member/membershipReview/${own.data.applicationId}`)).status).toBe(404);
  });
});
