import { describe, expect, it } from 'vitest';
import { mailWithSubject } from './helpers';
import { ownServerSuite } from './own-server';
import { hiddenFields, simulatorPage } from './simulator-helpers';

interface Offer {
  className: string;
  status: string;
  options: { cls: { memberClassId: number; code: string; reviewed: boolean }; fee: number }[];
  refusal: string | null;
}
interface Detail {
  applicationId: number;
  number: string;
  type: string;
  state: string;
  amount: number;
  order: { orderId: number; amount: number; status: string } | null;
}

// Upgrades change the demo's student member, so they run on a server and database of their own.
describe('changing member class', () => {
  const suite = ownServerSuite();
  const { as } = suite;

  it('moves a student member to the associate class: reviewed, the difference paid, the class changed', async () => {
    const student = await as('student@example.org', 'Student2026demo');
    const offer = (await student.call<Offer>('/api/amsw0402/upgrade')).data;
    expect(offer).toMatchObject({ status: 'active', refusal: null });
    // The student class may move to associate and regular: the difference in dues for the term.
    expect(offer.options.map((o) => [o.cls.code, o.fee, o.cls.reviewed])).toEqual([
      ['regular', 1200, true],
      ['associate', 500, true],
    ]);
    const associate = offer.options.find((o) => o.cls.code === 'associate')!.cls.memberClassId;
    const regular = offer.options.find((o) => o.cls.code === 'regular')!.cls.memberClassId;

    const list = await student.page('/member/upgrade');
    expect(list.status).toBe(200);
    expect(list.html).toContain('準會員');
    expect(list.html).toContain(`/member/upgradeInfo?memberClassId=${associate}`);
    // In English too (the browser test changes class in Chinese).
    const listEn = await student.page('/en-us/member/upgrade');
    for (const text of ['Associate member', 'Apply for this class']) expect(listEn.html).toContain(text);
    const info = await student.page(`/en-us/member/upgradeInfo?memberClassId=${associate}`);
    expect(info.status).toBe(200);
    expect(info.html).toContain('Certificate of employment');
    expect(info.html).toContain('NT$500');
    // A class the student class may not move to (life), or none at all: no form.
    const life = (await (await fetch(`${suite.server.url}/api/amsw0401/classes`)).json()) as {
      data: { classList: { memberClassId: number; code: string }[] };
    };
    const lifeId = life.data.classList.find((c) => c.code === 'life')?.memberClassId ?? 999_999;
    expect((await student.page(`/member/upgradeInfo?memberClassId=${lifeId}`)).status).toBe(404);
    expect((await student.page('/member/upgradeInfo?memberClassId=abc')).status).toBe(404);

    const employment = await suite.upload(student, 'employment.pdf');
    const refused = await student.post('/api/amsw0402/upgrade', {
      memberClassId: lifeId,
      documents: [],
      agreeTerms: true,
    });
    expect(refused.code).toBe(-10);
    const missing = await student.post('/api/amsw0402/upgrade', {
      memberClassId: associate,
      documents: [],
      agreeTerms: true,
    });
    expect(missing).toMatchObject({ code: -10, data: { fields: ['documents'] } });
    const notAgreed = await student.post('/api/amsw0402/upgrade', {
      memberClassId: associate,
      documents: [{ key: 'employment', fileId: employment }],
    });
    expect(notAgreed).toMatchObject({ code: -10, data: { fields: ['agreeTerms'] } });

    const sent = await student.post<Detail>('/api/amsw0402/upgrade', {
      memberClassId: associate,
      documents: [{ key: 'employment', fileId: employment }],
      agreeTerms: true,
    });
    expect(sent.code).toBe(0);
    expect(sent.data).toMatchObject({ type: 'upgrade', state: 'submitted', amount: 500, order: null });
    expect(
      (
        await mailWithSubject(
          'student@example.org',
          '已收到',
          5000,
          suite.server.mailed(`/member/upgradeResult?applicationId=${sent.data.applicationId}`),
        )
      ).text,
    ).toContain('會員升等申請（準會員）');
    // Twice (another tab, a double click): refused, and the offer says why.
    const again = await student.post('/api/amsw0402/upgrade', {
      memberClassId: regular,
      documents: [{ key: 'licence', fileId: employment }],
      agreeTerms: true,
    });
    expect(again.code).toBe(-13);
    expect((await student.call<Offer>('/api/amsw0402/upgrade')).data.refusal).toBe('applicationOpen');
    const result = await student.page(`/en-us/member/upgradeResult?applicationId=${sent.data.applicationId}`);
    expect(result.status).toBe(200);
    expect(result.html).toContain('Application to change class (Associate member)');
    // Its result page is the upgrade's, the member's own only.
    expect((await student.page(`/member/quit/result?applicationId=${sent.data.applicationId}`)).status).toBe(404);
    const other = await as('member@example.org', 'Member2026demo');
    expect((await other.page(`/member/upgradeResult?applicationId=${sent.data.applicationId}`)).status).toBe(404);
    expect((await other.call(`/api/amsw0401/application?applicationId=${sent.data.applicationId}`)).code).toBe(-6);

    // The membership reviewer reads the change against the applicant's class now.
    const reviewer = await as('reviewer@example.org', 'Reviewer2026demo');
    const items = await reviewer.call<{ itemList: { reviewId: number; subjectId: number; path: string }[] }>(
      '/api/amsw0601/items?queue=membership',
    );
    const item = items.data.itemList.find((i) => i.subjectId === sent.data.applicationId)!;
    await reviewer.post('/api/amsw0601/declare', { reviewId: item.reviewId, declaration: 'none' });
    const review = await reviewer.page(`/en-us${item.path}`);
    expect(review.html).toContain('Current membership');
    expect(review.html).toMatch(/Student member \(member no\. [^)]+\)/);
    expect((await reviewer.page(item.path)).html).toMatch(/學生會員（會員編號 [^）]+）/);

    // The membership reviewer approves it with a comment: payment of the difference is due, and
    // the comment is in the mail and on the applicant's page.
    const comment = '請於繳費後更新您的服務單位資料。';
    await suite.decide('membership', sent.data.applicationId, 'approve', { comment });
    expect((await mailWithSubject('student@example.org', '請完成繳費', 5000, comment)).text).toContain(
      `審查意見：${comment}`,
    );
    expect((await student.page(`/member/upgradeResult?applicationId=${sent.data.applicationId}`)).html).toContain(
      comment,
    );
    const approved = (await student.call<Detail>(`/api/amsw0401/application?applicationId=${sent.data.applicationId}`))
      .data;
    expect(approved).toMatchObject({ state: 'awaitingPayment', order: { amount: 500, status: 'pending' } });
    // Still a student until it is paid.
    expect((await student.call<Offer>('/api/amsw0402/upgrade')).data.className).toBe('學生會員');

    // Paid by card in the simulator: back on the upgrade's return page, and the class has changed.
    const form = await student.post<{ fields: Record<string, string> }>('/api/amsw0501/pay', {
      orderId: approved.order!.orderId,
    });
    const { merchantOrderNo } = hiddenFields((await simulatorPage(form.data.fields, suite.server.url)).html);
    const onward = await simulatorPage(
      { merchantOrderNo: merchantOrderNo!, simulatorAction: 'card' },
      suite.server.url,
    );
    const back = await fetch(`${suite.server.url}/api/amsw0501/newebpay/return?lang=en-us`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://ccore.newebpay.com' },
      body: new URLSearchParams(hiddenFields(onward.html)),
      redirect: 'manual',
    });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(
      `/en-us/member/upgradeReturn?orderId=${approved.order!.orderId}&attempt=${merchantOrderNo}`,
    );
    const landed = await student.page(back.headers.get('location')!);
    expect(landed.status).toBe(200);
    expect(landed.html).toContain(`/en-us/member/upgradeResult?applicationId=${sent.data.applicationId}`);
    const done = (await student.call<Detail>(`/api/amsw0401/application?applicationId=${sent.data.applicationId}`))
      .data;
    expect(done).toMatchObject({ state: 'effective', order: { status: 'paid' } });
    const now = (await student.call<Offer>('/api/amsw0402/upgrade')).data;
    expect(now).toMatchObject({ className: '準會員', status: 'active', refusal: null });
    // The associate class moves on to regular only.
    expect(now.options.map((o) => [o.cls.code, o.fee])).toEqual([['regular', 700]]);
    expect(
      (
        await mailWithSubject(
          'student@example.org',
          '已生效',
          5000,
          suite.server.mailed(`/member/upgradeResult?applicationId=${sent.data.applicationId}`),
        )
      ).text,
    ).toContain('會員升等申請（準會員）');
  });

  it('says why a member cannot change class, and refuses the application', async () => {
    for (const [email, password, refusal] of [
      ['grace@example.org', 'Grace2026demo', 'notActive'],
      ['lapsed@example.org', 'Lapsed2026demo', 'notActive'],
      ['paused@example.org', 'Paused2026demo', 'notActive'],
      ['former@example.org', 'Former2026demo', 'notActive'],
      ['reviewer@example.org', 'Reviewer2026demo', 'noTarget'],
    ] as const) {
      const member = await as(email, password);
      const offer = (await member.call<Offer>('/api/amsw0402/upgrade')).data;
      expect(offer.refusal, email).toBe(refusal);
      const target = offer.options[0]?.cls.memberClassId ?? 1;
      const sent = await member.post('/api/amsw0402/upgrade', {
        memberClassId: target,
        documents: [],
        agreeTerms: true,
      });
      expect(sent.code, email).toBe(-10);
    }
    const grace = await as('grace@example.org', 'Grace2026demo');
    const page = await grace.page('/en-us/member/upgrade');
    expect(page.html).toContain('If your term has ended, renew first');
    expect(page.html).not.toContain('/member/upgradeInfo?');
    // Not a member: nothing to change, and the pages send a web user to their own area.
    const webUser = await as('webuser@example.org', 'Webuser2026demo');
    expect((await webUser.call('/api/amsw0402/upgrade')).code).toBe(-6);
    expect(
      (await webUser.post('/api/amsw0402/upgrade', { memberClassId: 1, documents: [], agreeTerms: true })).code,
    ).toBe(-10);
    expect((await webUser.page('/member/upgrade')).location).toBe('/webUser/center');
    expect((await webUser.page('/member/upgradeInfo?memberClassId=1')).location).toBe('/webUser/center');
  });
});
