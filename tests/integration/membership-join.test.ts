import { describe, expect, it } from 'vitest';
import { api, baseUrl, json, mailWithSubject, page, signIn, signUpIndividual, solvedCaptcha, visitor } from './helpers';
import { bearer, joinApplication, PDF, regularClassId, upload } from './membership-helpers';

interface Detail {
  applicationId: number;
  number: string;
  state: string;
  amount: number;
  title: string;
  documents: { key: string; fileId: number }[];
  history: { event: string; toState: string; by: string; comment: string | null }[];
  order: { amount: number; status: string } | null;
}

describe('joining the society', () => {
  it('lists the classes open for joining with their fees and documents, in both languages', async () => {
    const zh = await api<{ classList: { code: string; name: string; entranceFee: number; documents: unknown[] }[] }>(
      '/api/amsw0401/classes',
    );
    expect(zh.body.code).toBe(0);
    expect(zh.body.data.classList.map((c) => c.code)).toEqual(['regular', 'associate', 'student', 'life']);
    expect(zh.body.data.classList[0]).toMatchObject({ name: '正式會員', entranceFee: 1000 });
    const en = await api<{ classList: { name: string }[] }>('/api/amsw0401/classes', { lang: 'en-us' });
    expect(en.body.data.classList[0]!.name).toBe('Regular member');
  });

  it('stores uploads privately, typed by their bytes, and refuses what is not a document', async () => {
    const { email, password } = await signUpIndividual();
    const auth = await bearer(email, password);
    const stored = await upload(auth, PDF, 'scan.jpg');
    expect(stored.body).toMatchObject({ code: 0, data: { contentType: 'application/pdf', name: 'scan.pdf' } });
    const script = await upload(auth, new TextEncoder().encode('#!/bin/sh\necho hello\n'), 'licence.pdf');
    expect(script.body).toMatchObject({ code: -21, data: { fields: ['file'] } });
    // Never through the public file address; to the owner through the private one.
    const fileId = stored.body.data.fileId;
    expect((await api(`/api/amsw1002?fileId=${fileId}`)).body.code).toBe(-7);
    const own = await fetch(`${baseUrl()}/api/amsw1001/file?fileId=${fileId}`, { headers: auth });
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toContain('no-store');
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(PDF);
    const other = await bearer('member@example.org', 'Member2026demo');
    expect((await api(`/api/amsw1001/file?fileId=${fileId}`, { headers: other })).body.code).toBe(-7);
  });

  it('takes an application with its documents, and a reviewer approves it into payment', async () => {
    const applicant = await signUpIndividual();
    const auth = await bearer(applicant.email, applicant.password);
    const memberClassId = await regularClassId();
    const licence = (await upload(auth, PDF)).body.data.fileId;

    const missing = await api('/api/amsw0401/join', {
      method: 'POST',
      ...json({ memberClassId, documents: [], agreeTerms: true }, auth),
    });
    expect(missing.body).toMatchObject({ code: -10, data: { fields: ['documents'], missing: ['licence'] } });
    const notAgreed = await api('/api/amsw0401/join', {
      method: 'POST',
      ...json({ memberClassId, documents: [{ key: 'licence', fileId: licence }], agreeTerms: false }, auth),
    });
    expect(notAgreed.body.code).toBe(-10);
    const someoneElses = await upload(await bearer('webuser@example.org', 'Webuser2026demo'), PDF);
    const stolen = await api('/api/amsw0401/join', {
      method: 'POST',
      ...json(
        { memberClassId, documents: [{ key: 'licence', fileId: someoneElses.body.data.fileId }], agreeTerms: true },
        auth,
      ),
    });
    expect(stolen.body).toMatchObject({ code: -10, data: { fields: ['documents'] } });

    const joined = await api<Detail>('/api/amsw0401/join', {
      method: 'POST',
      ...json({ memberClassId, documents: [{ key: 'licence', fileId: licence }], agreeTerms: true }, auth),
    });
    expect(joined.body).toMatchObject({
      code: 0,
      data: { state: 'submitted', amount: 2500, title: '入會申請（正式會員）', order: null },
    });
    expect(joined.body.data.number).toMatch(/^A\d{4}-\d{6}$/);
    const applicationId = joined.body.data.applicationId;
    const received = await mailWithSubject(applicant.email, '已收到您的申請');
    expect(received.text).toContain(joined.body.data.number);
    expect(received.text).toContain(`/signinResult?applicationId=${applicationId}`);

    // A second application while this one is open is refused; the list shows the first.
    const again = await api('/api/amsw0401/join', {
      method: 'POST',
      ...json({ memberClassId, documents: [{ key: 'licence', fileId: licence }], agreeTerms: true }, auth),
    });
    expect(again.body.code).toBe(-13);
    const list = await api<{ applicationList: { applicationId: number; state: string }[] }>(
      '/api/amsw0101/application',
      {
        headers: auth,
      },
    );
    expect(list.body.data.applicationList).toEqual([expect.objectContaining({ applicationId, state: 'submitted' })]);

    // Someone else's application is not theirs to read.
    const other = await bearer('webuser@example.org', 'Webuser2026demo');
    expect((await api(`/api/amsw0401/application?applicationId=${applicationId}`, { headers: other })).body.code).toBe(
      -6,
    );

    // The membership reviewer finds it on their queue, declares, reads, and approves.
    const reviewer = await bearer('reviewer@example.org', 'Reviewer2026demo');
    const hub = await api<{ queueList: { queue: string; open: number }[] }>('/api/amsw0601', { headers: reviewer });
    // The demo reviewer works the membership and credit queues, and reviews papers.
    expect(hub.body.data.queueList.map((q) => q.queue)).toEqual(['membership', 'credit', 'paper']);
    const items = await api<{ itemList: { reviewId: number; subjectId: number; number: string }[] }>(
      '/api/amsw0601/items?queue=membership',
      { headers: reviewer },
    );
    const item = items.body.data.itemList.find((i) => i.subjectId === applicationId)!;
    expect(item.number).toBe(joined.body.data.number);
    const before = await api<{ declaration: null; subject: null }>(`/api/amsw0601/item?reviewId=${item.reviewId}`, {
      headers: reviewer,
    });
    expect(before.body.data).toMatchObject({ declaration: null, subject: null });
    expect((await api(`/api/amsw1001/file?fileId=${licence}`, { headers: reviewer })).body.code).toBe(-7);
    const early = await api('/api/amsw0601/decide', {
      method: 'POST',
      ...json({ reviewId: item.reviewId, decision: 'approve' }, reviewer),
    });
    expect(early.body.code).toBe(-11);
    await api('/api/amsw0601/declare', {
      method: 'POST',
      ...json({ reviewId: item.reviewId, declaration: 'none' }, reviewer),
    });
    const open = await api<{ subject: { application: Detail } }>(`/api/amsw0601/item?reviewId=${item.reviewId}`, {
      headers: reviewer,
    });
    expect(open.body.data.subject.application).toMatchObject({ state: 'underReview', documents: [{ key: 'licence' }] });
    expect((await fetch(`${baseUrl()}/api/amsw1001/file?fileId=${licence}`, { headers: reviewer })).status).toBe(200);
    const noComment = await api('/api/amsw0601/decide', {
      method: 'POST',
      ...json({ reviewId: item.reviewId, decision: 'reject' }, reviewer),
    });
    expect(noComment.body).toMatchObject({ code: -2, data: { fields: ['comment'] } });
    const approved = await api('/api/amsw0601/decide', {
      method: 'POST',
      ...json({ reviewId: item.reviewId, decision: 'approve' }, reviewer),
    });
    expect(approved.body.code).toBe(0);
    const twice = await api('/api/amsw0601/decide', {
      method: 'POST',
      ...json({ reviewId: item.reviewId, decision: 'reject', comment: 'No' }, reviewer),
    });
    expect(twice.body.code).toBe(-10);

    const after = await api<Detail>(`/api/amsw0401/application?applicationId=${applicationId}`, { headers: auth });
    expect(after.body.data).toMatchObject({ state: 'awaitingPayment', order: { amount: 2500, status: 'pending' } });
    expect(after.body.data.history.map((h) => [h.event, h.toState, h.by])).toEqual([
      ['submit', 'submitted', 'applicant'],
      ['startReview', 'underReview', 'reviewer'],
      ['approve', 'approved', 'reviewer'],
      ['requirePayment', 'awaitingPayment', 'system'],
    ]);
    const toPay = await mailWithSubject(applicant.email, '已通過審查');
    expect(toPay.text).toContain('新臺幣 2,500 元');
  });

  it('lets only holders of a queue’s role work it', async () => {
    const member = await bearer('member@example.org', 'Member2026demo');
    expect((await api('/api/amsw0601', { headers: member })).body.data).toEqual({ queueList: [] });
    expect((await api('/api/amsw0601/items?queue=membership', { headers: member })).body.code).toBe(-11);
    const statusReviewer = await bearer('status-reviewer@example.org', 'Status2026demo');
    expect((await api('/api/amsw0601/items?queue=membership', { headers: statusReviewer })).body.code).toBe(-11);
    const queue = await api<{ itemList: { reviewId: number; number: string }[] }>(
      '/api/amsw0601/items?queue=memberStatus',
      {
        headers: statusReviewer,
      },
    );
    expect(queue.body.code).toBe(0);
    const membershipItem = (
      await api<{ itemList: { reviewId: number }[] }>('/api/amsw0601/items?queue=membership', {
        headers: await bearer('reviewer@example.org', 'Reviewer2026demo'),
      })
    ).body.data.itemList[0]!;
    const declared = await api('/api/amsw0601/declare', {
      method: 'POST',
      ...json({ reviewId: membershipItem.reviewId, declaration: 'none' }, statusReviewer),
    });
    expect(declared.body.code).toBe(-11);
    expect((await api('/api/amsw0601/item?reviewId=999999', { headers: statusReviewer })).body.code).toBe(-6);
  });

  it('keeps a reviewer who declares a conflict out of the item', async () => {
    const reviewer = await bearer('reviewer@example.org', 'Reviewer2026demo');
    const joined = await joinApplication();
    const items = await api<{ itemList: { reviewId: number; subjectId: number }[] }>(
      '/api/amsw0601/items?queue=membership',
      { headers: reviewer },
    );
    const { reviewId } = items.body.data.itemList.find((i) => i.subjectId === joined.applicationId)!;
    await api('/api/amsw0601/declare', { method: 'POST', ...json({ reviewId, declaration: 'conflict' }, reviewer) });
    const item = await api<{ declaration: string; subject: null }>(`/api/amsw0601/item?reviewId=${reviewId}`, {
      headers: reviewer,
    });
    expect(item.body.data).toMatchObject({ declaration: 'conflict', subject: null });
    const decided = await api('/api/amsw0601/decide', {
      method: 'POST',
      ...json({ reviewId, decision: 'approve' }, reviewer),
    });
    expect(decided.body.code).toBe(-11);
    // Declaring again changes nothing.
    const again = await api<{ declaration: string }>('/api/amsw0601/declare', {
      method: 'POST',
      ...json({ reviewId, declaration: 'none' }, reviewer),
    });
    expect(again.body.data.declaration).toBe('conflict');
  });

  it('returns an application for changes; the applicant sends it again, or withdraws it', async () => {
    const reviewer = await bearer('reviewer@example.org', 'Reviewer2026demo');
    const { applicant, auth, applicationId } = await joinApplication();
    const reviewIdOf = async () =>
      (
        await api<{ itemList: { reviewId: number; subjectId: number }[] }>('/api/amsw0601/items?queue=membership', {
          headers: reviewer,
        })
      ).body.data.itemList.find((i) => i.subjectId === applicationId)?.reviewId;
    const reviewId = (await reviewIdOf())!;
    await api('/api/amsw0601/declare', { method: 'POST', ...json({ reviewId, declaration: 'none' }, reviewer) });
    const returned = await api('/api/amsw0601/decide', {
      method: 'POST',
      ...json({ reviewId, decision: 'return', comment: '執照影本不清楚，請重新上傳。', staffNote: 'blurry' }, reviewer),
    });
    expect(returned.body.code).toBe(0);
    const mail = await mailWithSubject(applicant.email, '需要補件');
    expect(mail.text).toContain('執照影本不清楚，請重新上傳。');
    expect(mail.text).not.toContain('blurry');
    const seen = await api<Detail & { reviewComment: string }>(
      `/api/amsw0401/application?applicationId=${applicationId}`,
      {
        headers: auth,
      },
    );
    expect(seen.body.data).toMatchObject({ state: 'returned', reviewComment: '執照影本不清楚，請重新上傳。' });
    expect(await reviewIdOf()).toBeUndefined();

    // The result page offers the change: the class's documents, each naming the file sent.
    const { cookie } = await signIn(applicant.email, applicant.password);
    const resultPage = await page(`/en-us/signinResult?applicationId=${applicationId}`, {
      headers: { Cookie: cookie },
    });
    expect(resultPage.html).toContain('Change and send again');
    expect(resultPage.html).toContain('Uploaded: licence.pdf');
    // In Chinese too (the browser test returns an application in English): its state and the form.
    const resultZh = await page(`/signinResult?applicationId=${applicationId}`, { headers: { Cookie: cookie } });
    for (const text of ['待補件', '修改後重新送出', '補件後重新送出', '已上傳：licence.pdf'])
      expect(resultZh.html).toContain(text);

    // Sent again with a new scan: back on the queue as a new item.
    const second = (await upload(auth, PDF)).body.data.fileId;
    const again = await api<Detail>('/api/amsw0101/editForm', {
      method: 'PUT',
      ...json({ applicationId, documents: [{ key: 'licence', fileId: second }] }, auth),
    });
    expect(again.body.data).toMatchObject({ state: 'submitted', documents: [{ key: 'licence', fileId: second }] });
    const newReviewId = await reviewIdOf();
    expect(newReviewId).toBeDefined();
    expect(newReviewId).not.toBe(reviewId);
    const notReturned = await api('/api/amsw0101/editForm', {
      method: 'PUT',
      ...json({ applicationId, documents: [{ key: 'licence', fileId: second }] }, auth),
    });
    expect(notReturned.body.code).toBe(-10);

    // Withdrawn: off the queue, and a new application may follow.
    const cancelled = await api<Detail>('/api/amsw0401/cancel', { method: 'POST', ...json({ applicationId }, auth) });
    expect(cancelled.body.data.state).toBe('cancelled');
    expect(await reviewIdOf()).toBeUndefined();
    expect((await api('/api/amsw0401/cancel', { method: 'POST', ...json({ applicationId }, auth) })).body.code).toBe(
      -10,
    );
    const other = await bearer('webuser@example.org', 'Webuser2026demo');
    expect((await api('/api/amsw0401/cancel', { method: 'POST', ...json({ applicationId }, other) })).body.code).toBe(
      -6,
    );
  });
});

describe('looking up an application without signing in', () => {
  it('answers the state for the right number and e-mail, and the same -6 for any other pair', async () => {
    const applicant = await signUpIndividual();
    const auth = await bearer(applicant.email, applicant.password);
    const fileId = (await upload(auth, PDF)).body.data.fileId;
    const joined = await api<Detail>('/api/amsw0401/join', {
      method: 'POST',
      ...json(
        { memberClassId: await regularClassId(), documents: [{ key: 'licence', fileId }], agreeTerms: true },
        auth,
      ),
    });
    const look = async (number: string, email: string) =>
      api<{ number: string; title: string; state: string }>('/api/amsw0401/search', {
        method: 'POST',
        lang: 'en-us',
        ...json({ number, email, ...(await solvedCaptcha()) }, visitor()),
      });
    const found = await look(joined.body.data.number.toLowerCase(), applicant.email.toUpperCase());
    expect(found.body).toMatchObject({
      code: 0,
      data: { number: joined.body.data.number, title: 'Application to join (Regular member)', state: 'submitted' },
    });
    expect(Object.keys(found.body.data).sort()).toEqual(['number', 'state', 'title', 'updatedAt']);
    const wrongEmail = await look(joined.body.data.number, 'someone@example.org');
    const unknown = await look('A2026-999999', applicant.email);
    expect(wrongEmail.body).toMatchObject({
      code: -6,
      message: 'No application matches this number and e-mail address',
    });
    expect(unknown.body).toEqual(wrongEmail.body);
    const noCaptcha = await api('/api/amsw0401/search', {
      method: 'POST',
      ...json({ number: joined.body.data.number, email: applicant.email }),
    });
    expect(noCaptcha.body.code).toBe(-2);
    const badNumber = await api('/api/amsw0401/search', {
      method: 'POST',
      ...json({ number: 'DROP TABLE', email: applicant.email, ...(await solvedCaptcha()) }),
    });
    expect(badNumber.body).toMatchObject({ code: -10, data: { fields: ['number'] } });
  });

  it('limits look-ups from one address', async () => {
    const address = visitor();
    let last = 0;
    for (let i = 0; i < 21; i++) {
      const res = await api('/api/amsw0401/search', {
        method: 'POST',
        ...json(
          {
            number: 'A2026-999999',
            email: 'x@example.org',
            ...(await solvedCaptcha({ from: address['X-Forwarded-For'] })),
          },
          address,
        ),
      });
      last = res.body.code;
    }
    expect(last).toBe(-11);
  });
});
