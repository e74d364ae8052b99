import { describe, expect, it } from 'vitest';
import { api, page, signIn, signUpIndividual } from './helpers';

describe('account pages', () => {
  it('send an anonymous reader to sign in, in the same language, with the way back', async () => {
    const zh = await page('/member/center');
    expect(zh.status).toBe(302);
    expect(zh.headers.get('location')).toBe('/login?redirect=%2Fmember%2Fcenter');
    const en = await page('/en-us/organ/center/account?tab=1');
    expect(en.headers.get('location')).toBe('/en-us/login?redirect=%2Fen-us%2Forgan%2Fcenter%2Faccount%3Ftab%3D1');
    expect((await page('/member/paperReview/12')).headers.get('location')).toBeNull();
    // The sign-in and forgotten-password pages in each language (the browser tests scan one language of each).
    expect((await page('/login')).html).toMatch(/<h1[^>]*>登入<\/h1>/);
    expect((await page('/en-us/login')).html).toMatch(/<h1[^>]*>Sign in<\/h1>/);
    expect((await page('/password/forget')).html).toMatch(/<h1[^>]*>忘記密碼<\/h1>/);
    expect((await page('/en-us/password/forget')).html).toMatch(/<h1[^>]*>Forgotten password<\/h1>/);
  });

  it('show a member their centre with the open calls for papers, never cached', async () => {
    const { cookie } = await signIn('member@example.org', 'Member2026demo');
    const res = await page('/member/center', { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.html).toContain('林美玲');
    expect(res.html).toContain('M2015-0042');
    expect(res.html).toContain('A12*****89');
    expect(res.html).not.toContain('A123456789');
    expect(res.html).toContain('2027 年會學術論文徵稿');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-cache')).toBe('bypass');
  });

  it('show the membership: class, status, the current term; and a web user’s application in progress', async () => {
    const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
    const member = await signIn('member@example.org', 'Member2026demo');
    const en = await page('/en-us/member/center', { headers: { Cookie: member.cookie } });
    expect(en.html).toContain('Regular member');
    expect(en.html).toMatch(/badge[^"]*">Active</);
    expect(en.html).toContain(`Dec 31, ${year}`);
    const grace = await signIn('grace@example.org', 'Grace2026demo');
    expect((await page('/member/center', { headers: { Cookie: grace.cookie } })).html).toMatch(/badge[^"]*">寬限期</);
    const webUser = await signIn('webuser@example.org', 'Webuser2026demo');
    const web = await page('/webUser/center', { headers: { Cookie: webUser.cookie } });
    expect(web.html).toContain('處理中的申請');
    expect(web.html).toMatch(/href="\/signinResult\?applicationId=\d+">入會申請（正式會員）</);
  });

  it('send each account to its own area', async () => {
    const webUser = await signUpIndividual();
    const web = await signIn(webUser.email, webUser.password);
    expect((await page('/member/center', { headers: { Cookie: web.cookie } })).headers.get('location')).toBe(
      '/webUser/center',
    );
    expect((await page('/webUser/center', { headers: { Cookie: web.cookie } })).status).toBe(200);
    const organ = await signIn('organ@example.org', 'Organ2026demo', 'organ');
    expect((await page('/en-us/member/edit', { headers: { Cookie: organ.cookie } })).headers.get('location')).toBe(
      '/en-us/organ/center',
    );
    const member = await signIn('member@example.org', 'Member2026demo');
    expect((await page('/organ/center', { headers: { Cookie: member.cookie } })).headers.get('location')).toBe(
      '/member/center',
    );
  });

  it('send a signed-in reader away from the sign-in page', async () => {
    const { cookie } = await signIn('member@example.org', 'Member2026demo');
    expect(
      (await page('/login?redirect=%2Fmember%2Fprofile', { headers: { Cookie: cookie } })).headers.get('location'),
    ).toBe('/member/profile');
    expect(
      (await page('/login?redirect=https%3A%2F%2Fevil.example', { headers: { Cookie: cookie } })).headers.get(
        'location',
      ),
    ).toBe('/member/center');
  });
});

describe('statistics and applications', () => {
  it('list the open calls for papers and the member’s own applications', async () => {
    const { cookie } = await signIn('member@example.org', 'Member2026demo');
    const stats = await api<{ postList: { postId: number; name: string }[] }>('/api/amsw0101/statistics', {
      headers: { Cookie: cookie },
      lang: 'en-us',
    });
    expect(stats.body.data.postList.map((p) => p.name)).toEqual([
      'Call for abstracts: 2027 annual meeting',
      'Journal volume 13 submissions',
    ]);
    // The demo member renewed for this year through the portal: that renewal is theirs, in effect;
    // their claim for a lecture given waits on the credit queue.
    const apps = await api<{ applicationList: { type: string; state: string; title: string }[] }>(
      '/api/amsw0101/application',
      { headers: { Cookie: cookie }, lang: 'en-us' },
    );
    expect(apps.body.data.applicationList).toEqual([
      expect.objectContaining({
        type: 'creditClaim',
        // Waiting on the credit queue (a reviewer's tests elsewhere may have opened it).
        state: expect.stringMatching(/^(submitted|underReview)$/),
        title: 'Credit claim (院內感染管制教育訓練：手部衛生)',
      }),
      expect.objectContaining({ type: 'extension', state: 'effective', title: 'Renewal (Regular member)' }),
    ]);
    const organ = await signIn('organ@example.org', 'Organ2026demo', 'organ');
    const organStats = await api<Record<string, number>>('/api/amsw0103/statistics', {
      headers: { Cookie: organ.cookie },
    });
    // Its two topics, the demo's course waiting on the course reviewers and its two accredited ones.
    expect(organStats.body.data).toEqual({
      topicCount: 2,
      courseApplicationCount: 3,
      courseInReviewCount: 1,
      courseAwaitingPaymentCount: 0,
      courseAccreditedCount: 2,
    });
    expect((await api('/api/amsw0101/statistics', { headers: { Cookie: organ.cookie } })).body.code).toBe(-11);
    expect((await api('/api/amsw0103/statistics')).body.code).toBe(-9);
  });
});
