import { describe, expect, it } from 'vitest';
import { api, json, page, signIn } from './helpers';
import { joinApplication } from './membership-helpers';

const REVIEWER = ['reviewer@example.org', 'Reviewer2026demo'] as const;

/** A page as the holder of `cookie` sees it. */
const as = (cookie: string, path: string) => page(path, { headers: { Cookie: cookie } });

describe('the reviewer’s pages', () => {
  it('list what waits on the reviewer’s queues, and open an item from there', async () => {
    const app = await joinApplication();
    const { cookie } = await signIn(...REVIEWER);
    const desk = await as(cookie, '/member/review');
    expect(desk.status).toBe(200);
    expect(desk.headers.get('cache-control')).toBe('no-store');
    expect(desk.html).toContain('入會與會員類別變更');
    expect(desk.html).toContain(`href="/member/membershipReview/${app.applicationId}">${app.number}</a>`);
    expect(desk.html).toMatch(/aria-current="page"[^>]*>審查管理</);
    const en = await as(cookie, '/en-us/member/review');
    expect(en.html).toContain('Joining and changes of class');
    expect(en.html).toContain(`href="/en-us/member/membershipReview/${app.applicationId}">${app.number}</a>`);
    // The member-status queue is not theirs.
    expect(en.html).not.toContain('Member status: renewals');
  });

  it('show who applied before the declaration, the application only after it, then take the decision', async () => {
    const app = await joinApplication();
    const { cookie } = await signIn(...REVIEWER);
    const path = `/member/membershipReview/${app.applicationId}`;
    const before = await as(cookie, path);
    expect(before.status).toBe(200);
    expect(before.html).toContain(app.number);
    expect(before.html).toContain('本人與申請人無利益衝突');
    expect(before.html).not.toContain(`/api/amsw1001/file?fileId=${app.fileId}`);
    expect(before.html).not.toContain(app.applicant.email);

    const items = await api<{ itemList: { reviewId: number; subjectId: number }[] }>(
      '/api/amsw0601/items?queue=membership',
      { headers: { Cookie: cookie } },
    );
    const { reviewId } = items.body.data.itemList.find((i) => i.subjectId === app.applicationId)!;
    expect(
      (
        await api('/api/amsw0601/declare', {
          method: 'POST',
          ...json({ reviewId, declaration: 'none' }, { Cookie: cookie }),
        })
      ).body.code,
    ).toBe(0);
    const open = await as(cookie, `/en-us${path}`);
    expect(open.html).toContain(`/api/amsw1001/file?fileId=${app.fileId}`);
    expect(open.html).toContain(app.applicant.email);
    expect(open.html).toContain('Under review');
    // The decision form, drawn in the browser, in its place with a line until its script runs.
    expect(open.html).toContain('Your decision');
    expect(open.html).toContain('Loading the form… It needs JavaScript.');

    const decided = await api('/api/amsw0601/decide', {
      method: 'POST',
      ...json(
        { reviewId, decision: 'return', comment: 'Please send a legible scan.', staffNote: 'scan unreadable' },
        { Cookie: cookie },
      ),
    });
    expect(decided.body.code).toBe(0);
    const after = await as(cookie, `/en-us${path}?done=decided`);
    expect(after.html).toContain('Your decision is recorded and the applicant has been told.');
    expect(after.html).toContain('Returned for changes');
    expect(after.html).toContain('Please send a legible scan.');
    expect(after.html).toContain('scan unreadable');
    expect(after.html).not.toContain('Loading the form…');
    // Decided: off the desk.
    expect((await as(cookie, '/member/review')).html).not.toContain(app.number);
  });

  it('refuse other accounts, other queues and unknown items, saying why', async () => {
    const app = await joinApplication();
    const path = `/member/membershipReview/${app.applicationId}`;
    const member = await signIn('member@example.org', 'Member2026demo');
    const desk = await as(member.cookie, '/member/review');
    expect(desk.status).toBe(403);
    expect(desk.html).toContain('您目前沒有審查權限');
    expect((await as(member.cookie, '/member/center')).html).not.toContain('href="/member/review"');
    const notTheirs = await as(member.cookie, path);
    expect(notTheirs.status).toBe(403);
    expect(notTheirs.html).toContain('此頁面僅供本佇列的審查人使用。');
    expect(notTheirs.html).not.toContain(app.number);
    // The member-status reviewer may not read a membership application, by either address.
    const statusReviewer = await signIn('status-reviewer@example.org', 'Status2026demo');
    expect((await as(statusReviewer.cookie, path)).status).toBe(403);
    expect((await as(statusReviewer.cookie, `/member/memberStatusReview/${app.applicationId}`)).status).toBe(404);
    // Nor the applicant, who holds no reviewer role; a visitor is sent to sign in.
    const own = await signIn(app.applicant.email, app.applicant.password);
    expect((await as(own.cookie, path)).status).toBe(403);
    expect((await page(path)).headers.get('location')).toBe(`/login?redirect=${encodeURIComponent(path)}`);
    const { cookie } = await signIn(...REVIEWER);
    for (const missing of [
      '/member/membershipReview/99999999',
      '/member/membershipReview/abc',
      '/member/membershipReview/0',
      '/member/membershipReview/9999999999',
    ])
      expect((await as(cookie, missing)).status, missing).toBe(404);
    expect((await as(cookie, '/en-us/member/membershipReview/99999999')).html).toContain('There is no such review.');
  });
});
