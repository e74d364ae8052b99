import { describe, expect, it } from 'vitest';
import { mailWithSubject } from './helpers';
import { ownServerSuite } from './own-server';

interface DayChoice {
  earliest: string;
  latest: string;
  suggested: string;
}
interface FlowOffer {
  status: string;
  termEnd: string | null;
  refusal: string | null;
  reviewed: boolean;
  amount: number;
  lastDay: DayChoice | null;
  pauseFrom: DayChoice | null;
  pauseUntil: DayChoice | null;
}
interface Detail {
  applicationId: number;
  number: string;
  type: string;
  state: string;
  amount: number;
  form: Record<string, unknown>;
  order: { orderId: number; amount: number; status: string } | null;
}

const taipeiToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date());

// Leaving, pausing, resuming and new certificates change the demo's members, so they run on a
// server and database of their own.
describe('leaving, pausing, resuming and a new certificate', () => {
  const suite = ownServerSuite();
  const { as, payByCard } = suite;
  const decide = (applicationId: number, decision: 'approve' | 'return' = 'approve') =>
    suite.decide('memberStatus', applicationId, decision);

  it('lets a member leave at the end of the paid term once a reviewer approves', async () => {
    const today = taipeiToday();
    const member = await as('member@example.org', 'Member2026demo');
    const offer = (await member.call<FlowOffer>('/api/amsw0402/quit')).data;
    expect(offer).toMatchObject({ status: 'active', refusal: null, reviewed: true, amount: 0 });
    expect(offer.lastDay).toEqual({ earliest: today, latest: offer.termEnd, suggested: offer.termEnd });
    const page = await member.page('/member/quit/apply');
    expect(page.status).toBe(200);
    expect(page.html).toContain('申請退會');
    // In English too (the browser test leaves in Chinese): the form's fields and its button.
    const english = await member.page('/en-us/member/quit/apply');
    for (const text of ['Leave the society', 'Last day of membership', 'Send the application to leave'])
      expect(english.html).toContain(text);

    // A day after the paid term, or before today, is refused at the field.
    const late = await member.post('/api/amsw0402/quit', { lastDay: '2099-01-01' });
    expect(late).toMatchObject({ code: -10, data: { fields: ['lastDay'] } });
    expect((await member.post('/api/amsw0402/quit', { lastDay: '2020-01-01' })).code).toBe(-10);
    expect((await member.post('/api/amsw0402/quit', { lastDay: 'soon' })).code).toBe(-5);

    const sent = await member.post<Detail>('/api/amsw0402/quit', { lastDay: today, reason: 'Retiring.' });
    expect(sent.data).toMatchObject({ type: 'quit', state: 'submitted', amount: 0, order: null });
    expect(sent.data.form).toEqual({ lastDay: today, reason: 'Retiring.' });
    const result = await member.page(`/en-us/member/quit/result?applicationId=${sent.data.applicationId}`);
    expect(result.html).toContain('Last day of membership');
    expect(result.html).toContain('Retiring.');
    expect(result.html).not.toContain('Change and send again');

    // Returned for changes: the result page offers the form again, with the day and reason sent.
    await decide(sent.data.applicationId, 'return');
    const returned = await member.page(`/en-us/member/quit/result?applicationId=${sent.data.applicationId}`);
    expect(returned.html).toContain('Change and send again');
    expect(returned.html).toContain(`value="${today}"`);
    const edit = (changes: Record<string, unknown>) =>
      member.call<Detail>('/api/amsw0101/editForm', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ applicationId: sent.data.applicationId, ...changes }),
      });
    // A day outside today's range is refused as a new application's would be, and nothing changes.
    expect(await edit({ lastDay: '2099-01-01' })).toMatchObject({ code: -10, data: { fields: ['lastDay'] } });
    expect((await edit({ lastDay: 'later' })).code).toBe(-5);
    const still = (await member.call<Detail>(`/api/amsw0401/application?applicationId=${sent.data.applicationId}`))
      .data;
    expect(still).toMatchObject({ state: 'returned', form: { lastDay: today, reason: 'Retiring.' } });
    const resent = await edit({ lastDay: offer.termEnd, reason: 'Retiring at the end of the term.' });
    expect(resent.data).toMatchObject({
      state: 'submitted',
      form: { lastDay: offer.termEnd, reason: 'Retiring at the end of the term.' },
    });
    expect((await edit({ lastDay: offer.termEnd })).code).toBe(-10);

    await decide(sent.data.applicationId);
    const done = (await member.call<Detail>(`/api/amsw0401/application?applicationId=${sent.data.applicationId}`)).data;
    expect(done.state).toBe('effective');
    expect(
      (
        await mailWithSubject(
          'member@example.org',
          '已生效',
          5000,
          suite.server.mailed(`/member/quit/result?applicationId=${sent.data.applicationId}`),
        )
      ).text,
    ).toContain('退會申請');
    // Still a member until that day, but leaving: nothing else can change.
    expect((await member.call<FlowOffer>('/api/amsw0402/quit')).data).toMatchObject({
      status: 'active',
      refusal: 'leaving',
    });
    expect((await member.call<FlowOffer>('/api/amsw0402/stop')).data.refusal).toBe('leaving');
    expect((await member.call<{ refusal: string }>('/api/amsw0402/extension')).data.refusal).toBe('leaving');
  });

  it('lets a member pause after the paid term, and withdraw the pause before it begins', async () => {
    const finance = await as('finance@example.org', 'Finance2026demo');
    const offer = (await finance.call<FlowOffer>('/api/amsw0402/stop')).data;
    expect(offer.refusal).toBeNull();
    const from = offer.pauseFrom!.suggested;
    expect(offer.pauseFrom!.latest).toBe(from);
    // At most the society's limit (24 months in the demo).
    const tooLong = await finance.post('/api/amsw0402/stop', { from, until: '2099-12-31' });
    expect(tooLong).toMatchObject({ code: -10, data: { fields: ['until'] } });
    const backwards = await finance.post('/api/amsw0402/stop', { from, until: offer.termEnd });
    expect(backwards).toMatchObject({ code: -10, data: { fields: ['until'] } });

    const sent = await finance.post<Detail>('/api/amsw0402/stop', { from, until: offer.pauseUntil!.suggested });
    expect(sent.data).toMatchObject({ type: 'stop', state: 'submitted' });
    await decide(sent.data.applicationId);
    // Approved but not begun: still active; pausing again is refused, resuming costs nothing.
    expect((await finance.call<FlowOffer>('/api/amsw0402/stop')).data).toMatchObject({
      status: 'active',
      refusal: 'paused',
    });
    const restart = (await finance.call<FlowOffer>('/api/amsw0402/restart')).data;
    expect(restart).toMatchObject({ refusal: null, amount: 0 });
    const resumed = await finance.post<Detail>('/api/amsw0402/restart', {});
    await decide(resumed.data.applicationId);
    expect((await finance.call<FlowOffer>('/api/amsw0402/stop')).data.refusal).toBeNull();
  });

  it('resumes a paused member for a new term once approved and paid', async () => {
    const today = taipeiToday();
    const paused = await as('paused@example.org', 'Paused2026demo');
    const offer = (await paused.call<FlowOffer>('/api/amsw0402/restart')).data;
    // The demo's paused member has asked already (from the seed): a second application is refused.
    expect(offer).toMatchObject({ status: 'paused', refusal: 'applicationOpen', reviewed: true, amount: 1500 });
    expect((await paused.post('/api/amsw0402/restart', {})).code).toBe(-13);
    const page = await paused.page('/en-us/member/restart/apply');
    expect(page.html).toContain('Resume your membership');
    expect(page.html).toContain('You have an application in progress');

    const mine = await paused.call<{ applicationList: Detail[] }>('/api/amsw0101/application');
    const sent = { data: mine.data.applicationList.find((a) => a.type === 'restart')! };
    expect(sent.data).toMatchObject({ state: 'submitted', amount: 1500 });
    // Returned for changes, then sent again as it was.
    await decide(sent.data.applicationId, 'return');
    const edited = await paused.call<Detail>('/api/amsw0101/editForm', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ applicationId: sent.data.applicationId, documents: [] }),
    });
    expect(edited.data.state).toBe('submitted');
    await decide(sent.data.applicationId);
    const approved = (await paused.call<Detail>(`/api/amsw0401/application?applicationId=${sent.data.applicationId}`))
      .data;
    expect(approved).toMatchObject({ state: 'awaitingPayment', order: { amount: 1500, status: 'pending' } });
    expect((await paused.call<FlowOffer>('/api/amsw0402/restart')).data.status).toBe('paused');

    await payByCard(paused, approved.order!.orderId);
    const now = (await paused.call<FlowOffer>('/api/amsw0402/restart')).data;
    expect(now).toMatchObject({ status: 'active', refusal: 'notPaused' });
    expect(now.termEnd! > today).toBe(true);
  });

  it('issues a new certificate for its fee, paid at once without review', async () => {
    const grace = await as('grace@example.org', 'Grace2026demo');
    const certificateFile = async () =>
      (await fetch(`${suite.server.url}/api/amsw0101/certificate`, { headers: grace.auth })).headers.get(
        'content-disposition',
      );
    const before = /certificate-(M\d{4}-\d{4})-(\d+)\.pdf/.exec((await certificateFile()) ?? '')!;
    const offer = (await grace.call<FlowOffer>('/api/amsw0402/replace')).data;
    expect(offer).toMatchObject({ status: 'inGrace', refusal: null, reviewed: false, amount: 200 });
    expect(await grace.post('/api/amsw0402/replace', { reason: 'stolen' })).toMatchObject({
      code: -10,
      data: { fields: ['reason'] },
    });
    const sent = await grace.post<Detail>('/api/amsw0402/replace', { reason: 'lost' });
    expect(sent.data).toMatchObject({
      type: 'replace',
      state: 'awaitingPayment',
      amount: 200,
      order: { amount: 200, status: 'pending' },
    });
    const result = await grace.page(`/member/replace/result?applicationId=${sent.data.applicationId}`);
    expect(result.html).toContain('證書遺失');
    await payByCard(grace, sent.data.order!.orderId);
    const done = (await grace.call<Detail>(`/api/amsw0401/application?applicationId=${sent.data.applicationId}`)).data;
    expect(done).toMatchObject({ state: 'effective', order: { status: 'paid' } });
    // The next edition of the certificate; the one before is no longer valid.
    expect(await certificateFile()).toContain(`certificate-${before[1]}-${Number(before[2]) + 1}.pdf`);
    // The edition paid for stays the valid one.
    expect(await certificateFile()).toContain(`certificate-${before[1]}-${Number(before[2]) + 1}.pdf`);
  });

  it('says why each flow is closed to a member, and refuses it', async () => {
    for (const [email, password, flow, refusal, body] of [
      ['lapsed@example.org', 'Lapsed2026demo', 'stop', 'lapsed', { from: '2027-01-01', until: '2027-06-30' }],
      ['lapsed@example.org', 'Lapsed2026demo', 'replace', 'lapsed', { reason: 'lost' }],
      ['former@example.org', 'Former2026demo', 'quit', 'ended', { lastDay: taipeiToday() }],
      ['former@example.org', 'Former2026demo', 'restart', 'ended', {}],
      ['reviewer@example.org', 'Reviewer2026demo', 'stop', 'life', { from: '2027-01-01', until: '2027-06-30' }],
      ['student@example.org', 'Student2026demo', 'restart', 'notPaused', {}],
    ] as const) {
      const member = await as(email, password);
      expect((await member.call<FlowOffer>(`/api/amsw0402/${flow}`)).data.refusal, `${email} ${flow}`).toBe(refusal);
      expect((await member.post(`/api/amsw0402/${flow}`, body)).code, `${email} ${flow}`).toBe(-10);
    }
    const lapsed = await as('lapsed@example.org', 'Lapsed2026demo');
    expect((await lapsed.page('/en-us/member/stop/apply')).html).toContain('Apply to resume it first');
    // A certificate states a current membership: none while lapsed.
    expect((await lapsed.call('/api/amsw0101/certificate')).code).toBe(-6);
    expect((await lapsed.page('/member/nothing/apply')).status).toBe(404);
    // Not a member: nothing to change, and the pages send a web user to their own area.
    const webUser = await as('webuser@example.org', 'Webuser2026demo');
    expect((await webUser.call('/api/amsw0402/quit')).code).toBe(-6);
    expect((await webUser.post('/api/amsw0402/quit', { lastDay: taipeiToday() })).code).toBe(-10);
    expect((await webUser.page('/member/quit/apply')).location).toBe('/webUser/center');
  });

  it('never lets a reviewer decide their own application', async () => {
    const reviewer = await as('status-reviewer@example.org', 'Status2026demo');
    const offer = (await reviewer.call<FlowOffer>('/api/amsw0402/quit')).data;
    const sent = await reviewer.post<Detail>('/api/amsw0402/quit', { lastDay: offer.lastDay!.suggested });
    const items = await reviewer.call<{ itemList: { reviewId: number; subjectId: number; own: boolean }[] }>(
      '/api/amsw0601/items?queue=memberStatus',
    );
    const item = items.data.itemList.find((i) => i.subjectId === sent.data.applicationId)!;
    expect((await reviewer.post('/api/amsw0601/declare', { reviewId: item.reviewId, declaration: 'none' })).code).toBe(
      -11,
    );
    expect((await reviewer.post('/api/amsw0601/decide', { reviewId: item.reviewId, decision: 'approve' })).code).toBe(
      -11,
    );
    expect((await reviewer.page(`/member/memberStatusReview/${sent.data.applicationId}`)).status).toBe(403);
  });
});
