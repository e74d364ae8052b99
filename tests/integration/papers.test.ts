import PDFKit from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { mailWithSubject } from './helpers';
import { PDF } from './membership-helpers';
import {
  callNamed,
  type Call,
  claimOn,
  draft,
  mailedLink,
  type Paper,
  put,
  submittedPaper,
  uploadManuscript,
  withCookieOn,
} from './papers-helpers';
import { codeIn, pdfText } from './pdf-helpers';
import { ownServerSuite } from './own-server';

// Papers change the demo's calls and reviewers' desks: on a server of their own.
const suite = ownServerSuite();

const MEMBER = ['member@example.org', 'Member2026demo'] as const;
const WEB_USER = ['webuser@example.org', 'Webuser2026demo'] as const;
const EDITOR = ['editor@example.org', 'Editor2026demo'] as const;
const REVIEWER = ['reviewer@example.org', 'Reviewer2026demo'] as const;
const OTHER_REVIEWER = ['status-reviewer@example.org', 'Status2026demo'] as const;

const claim = (token: string, declaration: 'none' | 'conflict') => claimOn(suite.server.url, token, declaration);
const withCookie = <T>(cookie: string, path: string, init: RequestInit = {}) =>
  withCookieOn<T>(suite.server.url, cookie, path, init);

describe('an author sends a paper', () => {
  it('starts a draft as its first author, saves it, signs the authorisation and submits before the deadline', async () => {
    const member = await suite.as(...MEMBER);
    const call = await callNamed(member, 'Call for abstracts: 2027 annual meeting');
    expect(call).toMatchObject({ state: 'open' });
    expect(call.topics.map((t) => t.code)).toEqual(['education', 'clinical', 'quality']);

    const started = await member.post<Paper>('/api/amsw0701/paper', { postId: call.postId });
    expect(started.data).toMatchObject({ status: 'draft', number: null, canSubmit: true, canWithdraw: true });
    expect(started.data.authors).toEqual([
      expect.objectContaining({
        email: 'member@example.org',
        affiliation: '臺大醫院',
        presenting: true,
        corresponding: true,
      }),
    ]);
    const paperId = started.data.paperId;

    // Sent empty: every missing field is named.
    const empty = await member.post<{ fields: string[] }>('/api/amsw0701/submit', {
      paperId,
      agree: true,
      signedName: '王小明',
      textVersion: '2026-1',
    });
    expect(empty.code).toBe(-10);
    expect(empty.data.fields).toEqual(
      expect.arrayContaining([
        'title.zh',
        'title.en',
        'abstract.zh',
        'abstract.en',
        'topicCode',
        'keywords',
        'manuscript',
      ]),
    );

    // Saved as typed, and read back as saved (another device sees the same).
    const file = await uploadManuscript(member);
    expect(file.code).toBe(0);
    const saved = await put<{ savedAt: string }>(member, '/api/amsw0701/paper', draft(paperId, file.data.fileId));
    expect(saved.code).toBe(0);
    const again = await suite.as(...MEMBER);
    const read = await again.call<Paper>(`/api/amsw0701/paper?paperId=${paperId}`);
    expect(read.data.titles.en).toBe('Outcomes of outpatient education');
    expect(read.data.authors.map((a) => a.nameEn)).toEqual(['Wang Hsiao-Ming', 'Jane Roe']);
    expect(read.data.manuscript?.fileId).toBe(file.data.fileId);

    // Two presenting authors, or a bad e-mail, are named at sending.
    const two = draft(paperId, file.data.fileId);
    two.authors[1] = { ...two.authors[1]!, presenting: true, email: 'not-an-address' };
    await put(member, '/api/amsw0701/paper', two);
    const wrong = await member.post<{ fields: string[] }>('/api/amsw0701/submit', {
      paperId,
      agree: true,
      signedName: '王小明',
      textVersion: '2026-1',
    });
    expect(wrong.data.fields).toEqual(expect.arrayContaining(['authors', 'authors.1.email']));
    await put(member, '/api/amsw0701/paper', draft(paperId, file.data.fileId));

    // Not without the signature, nor on an older text.
    const unsigned = await member.post('/api/amsw0701/submit', { paperId });
    expect(unsigned.code).toBe(-10);
    const older = await member.post('/api/amsw0701/submit', {
      paperId,
      agree: true,
      signedName: 'X',
      textVersion: '2025-1',
    });
    expect(older.code).toBe(-10);

    const sent = await member.post<Paper>('/api/amsw0701/submit', {
      paperId,
      agree: true,
      signedName: '王小明',
      textVersion: '2026-1',
    });
    expect(sent.code).toBe(0);
    expect(sent.data).toMatchObject({ status: 'submitted', canSubmit: false, editable: [] });
    expect(sent.data.number).toMatch(/^P\d{4}-\d{4}$/);
    expect(sent.data.authorisation).toMatchObject({ signedName: '王小明' });
    expect(sent.data.history.map((h) => h.to)).toEqual(['draft', 'submitted']);

    // Sent once: a second press changes nothing.
    expect(
      (await member.post('/api/amsw0701/submit', { paperId, agree: true, signedName: '王小明', textVersion: '2026-1' }))
        .code,
    ).toBe(-10);
    // The draft no longer takes changes.
    expect((await put(member, '/api/amsw0701/paper', draft(paperId, file.data.fileId))).code).toBe(-10);

    // The authorisation's PDF, with its verification code.
    const pdf = await fetch(`${suite.server.url}/api/amsw0701/authorization?paperId=${paperId}`, {
      headers: member.auth,
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('cache-control')).toContain('no-store');
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(sent.data.number!);
    expect(text).toContain('論文授權書');
    expect(text).toContain('門診衛教之成效');
    expect(text).toContain('2026-1');
    expect(codeIn(text).replace('-', '')).toBe(sent.data.authorisation!.verifyCode);
    const verify = await fetch(`${suite.server.url}/en-us/verify/${sent.data.authorisation!.verifyCode}`);
    expect(verify.status).toBe(200);
    expect(await verify.text()).toContain('Paper authorisation');

    // The author and the editor are told, each in their language.
    const received = await mailWithSubject('member@example.org', '已收到您的論文投稿', 5000, sent.data.number!);
    expect(received.text).toContain('門診衛教之成效');
    await mailWithSubject('editor@example.org', '有新的論文投稿', 5000, sent.data.number!);

    // The member centre's counts follow.
    const calls = await member.call<{ callList: Call[] }>('/api/amsw0701', { headers: { Lang: 'en-us' } });
    expect(calls.data.callList.find((c) => c.postId === call.postId)!.myPapers).toBeGreaterThanOrEqual(1);
  });

  it('refuses calls that are closed, not open yet, unknown, and bad input', async () => {
    const member = await suite.as(...MEMBER);
    const all = await member.call<{ callList: Call[] }>('/api/amsw0701', { headers: { Lang: 'en-us' } });
    // Closed calls without the reader's papers are not listed; the upcoming one is.
    const upcoming = all.data.callList.find((c) => c.state === 'upcoming')!;
    expect(all.data.callList.some((c) => c.state === 'closed')).toBe(false);
    expect((await member.post('/api/amsw0701/paper', { postId: upcoming.postId })).code).toBe(-10);
    expect((await member.post('/api/amsw0701/paper', { postId: 999_999 })).code).toBe(-19);
    expect((await member.post('/api/amsw0701/paper', { postId: 'one' })).code).toBe(-10);
    expect((await member.post('/api/amsw0701/paper', {})).code).toBe(-2);
    const notJson = await member.call('/api/amsw0701/paper', { method: 'POST', body: 'postId=1' });
    expect(notJson.code).toBe(-1);
    expect((await member.call('/api/amsw0701/paper?paperId=abc')).code).toBe(-10);
    const organ = await suite.as('organ@example.org', 'Organ2026demo', 'organ');
    expect((await organ.call('/api/amsw0701')).code).toBe(-11);
    const anonymous = await fetch(`${suite.server.url}/api/amsw0701`);
    expect(((await anonymous.json()) as { code: number }).code).toBe(-9);
  });

  it('keeps each author’s papers to themselves', async () => {
    const member = await suite.as(...MEMBER);
    const paper = await submittedPaper(member);
    const webUser = await suite.as(...WEB_USER);
    expect((await webUser.call(`/api/amsw0701/paper?paperId=${paper.paperId}`)).code).toBe(-6);
    expect((await put(webUser, '/api/amsw0701/paper', draft(paper.paperId, null))).code).toBe(-6);
    expect((await webUser.post('/api/amsw0701/withdraw', { paperId: paper.paperId })).code).toBe(-6);
    const pdf = await webUser.call(`/api/amsw0701/authorization?paperId=${paper.paperId}`);
    expect(pdf.code).toBe(-6);
    // Its pages answer another reader as an unknown paper would; a malformed id is named so; the
    // call's notice, the form and the authorisation without an id lead to the reader's own entrance.
    for (const path of [
      `/en-us/member/post/detail/${paper.paperId}`,
      `/en-us/member/post/detail/authorization?paperId=${paper.paperId}`,
      `/en-us/member/post/notice/applyForm?paperId=${paper.paperId}`,
    ]) {
      const page = await webUser.page(path);
      expect([path, page.status]).toEqual([path, 404]);
      expect(page.html).toContain('Page not found');
      expect(page.html).not.toContain(paper.titles.en);
    }
    const malformed = await webUser.page('/en-us/member/post/detail/authorization?paperId=x1');
    expect([malformed.status, malformed.html.includes('Page Not Found: ')]).toEqual([404, true]);
    for (const path of [
      '/en-us/member/post/notice',
      '/en-us/member/post/detail/authorization',
      '/en-us/member/post/notice/applyForm',
    ]) {
      const page = await webUser.page(path);
      expect([path, page.status, page.location]).toEqual([path, 302, '/en-us/webUser/post/entrance']);
    }
    // Nor may the author read it on the review side.
    expect((await member.call(`/api/amsw0801/paper?paperId=${paper.paperId}`)).code).toBe(-11);
    // Another's upload cannot be made one's manuscript.
    const theirs = await uploadManuscript(webUser);
    const mine = await member.post<Paper>('/api/amsw0701/paper', { postId: paper.postId });
    const taken = await put(member, '/api/amsw0701/paper', draft(mine.data.paperId, theirs.data.fileId));
    expect(taken.code).toBe(-10);
  });
});

describe('the editor and the reviewers', () => {
  it('runs a blind review from assignment by the mailed link to the decision the author reads', async () => {
    const member = await suite.as(...MEMBER);
    const paper = await submittedPaper(member);
    const number = paper.number!;
    const editor = await suite.as(...EDITOR);

    // The editor sees the paper whole, with the reviewers to choose from.
    const seen = await editor.call<{
      viewer: { kind: string };
      authors: { email: string }[];
      suggestions: { accountId: number; name: string; topicMatch: boolean; excluded: string | null }[];
    }>(`/api/amsw0801/paper?paperId=${paper.paperId}`, { headers: { Lang: 'en-us' } });
    expect(seen.data.viewer.kind).toBe('editor');
    expect(seen.data.authors.map((a) => a.email)).toContain('member@example.org');
    const chang = seen.data.suggestions.find((s) => s.name === 'Chang Hui-Wen')!;
    const liu = seen.data.suggestions.find((s) => s.name === 'Liu Chia-Hao')!;
    // The reviewer whose expertise is the paper's topic comes first.
    expect(chang).toMatchObject({ topicMatch: true, excluded: null });
    expect(seen.data.suggestions.indexOf(chang)).toBeLessThan(seen.data.suggestions.indexOf(liu));

    // Nobody but an editor assigns; the due date is checked; assigned twice is refused.
    const other = await suite.as(...OTHER_REVIEWER);
    expect(
      (await other.post('/api/amsw0801/assign', { paperId: paper.paperId, reviewerId: chang.accountId })).code,
    ).toBe(-11);
    expect(
      (
        await editor.post('/api/amsw0801/assign', {
          paperId: paper.paperId,
          reviewerId: chang.accountId,
          dueOn: '2001-01-01',
        })
      ).code,
    ).toBe(-10);
    expect(
      (
        await editor.post('/api/amsw0801/assign', {
          paperId: paper.paperId,
          reviewerId: chang.accountId,
          dueOn: 'soon',
        })
      ).code,
    ).toBe(-5);
    const assigned = await editor.post('/api/amsw0801/assign', { paperId: paper.paperId, reviewerId: chang.accountId });
    expect(assigned.code).toBe(0);
    // The editor's page of the paper in Chinese (the browser test reads it in English): reviewers, history.
    const editorPage = await editor.page(`/member/paperReview/${paper.paperId}`);
    for (const text of ['第 1 輪審查人', '歷程']) expect(editorPage.html).toContain(text);
    expect(
      (await editor.post('/api/amsw0801/assign', { paperId: paper.paperId, reviewerId: chang.accountId })).code,
    ).toBe(-13);
    // A reviewer not assigned sees nothing of it.
    expect((await other.call(`/api/amsw0801/paper?paperId=${paper.paperId}`)).code).toBe(-11);

    // The invitation names the paper, not its authors, and carries a link of the reviewer's own.
    const { mail, token } = await mailedLink(suite.server.url, 'reviewer@example.org', '論文審查邀請', number);
    expect(mail.text).not.toContain('王小明');
    expect(mail.text).not.toContain('Jane Roe');

    // Opening the link (a mail scanner) changes nothing: the page shows the paper and asks first.
    const opened = await fetch(`${suite.server.url}/en-us/member/paperReview/emailClaim?token=${token}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('referrer-policy')).toBe('no-referrer');
    const openedHtml = await opened.text();
    expect(openedHtml).toContain(number);
    expect(openedHtml).not.toContain('Jane Roe');

    // Used with a declaration of no conflict: the browser may now read this paper, and only it.
    const claimed = await claim(token, 'none');
    expect(claimed.body.code).toBe(0);
    expect(claimed.body.data).toMatchObject({ paperId: paper.paperId });
    expect(claimed.cookie).not.toBe('');
    const again = await claim(token, 'none');
    expect(again.body).toMatchObject({ code: -8, data: { reason: 'linkUsed' } });
    expect((await claim('x'.repeat(43), 'none')).body).toMatchObject({ code: -8, data: { reason: 'linkUnknown' } });

    const asReviewer = await withCookie<{
      viewer: { kind: string; via: string };
      authors: unknown;
      abstract: { en: string } | null;
      files: { round: number }[];
      assignment: { declaration: string; reviewerName: string };
    }>(claimed.cookie, `/api/amsw0801/paper?paperId=${paper.paperId}`);
    expect(asReviewer.body!.code).toBe(0);
    expect(asReviewer.body!.data).toMatchObject({ viewer: { kind: 'reviewer', via: 'link' }, authors: null });
    expect(asReviewer.body!.data.abstract?.en).toBe('We compared two ways of teaching patients.');
    expect(JSON.stringify(asReviewer.body!.data)).not.toContain('member@example.org');
    // The manuscript comes under the paper's number, not the author's file name.
    const manuscript = await withCookie(claimed.cookie, `/api/amsw0801/file?paperId=${paper.paperId}&round=1`);
    expect(manuscript.res.status).toBe(200);
    expect(manuscript.res.headers.get('content-disposition')).toContain(`${number}-r1.pdf`);
    // The cookie opens no other paper.
    const another = await submittedPaper(member);
    const elsewhere = await withCookie(claimed.cookie, `/api/amsw0801/paper?paperId=${another.paperId}`);
    expect(elsewhere.body!.code).toBe(-11);

    // The report: checked against the rubric, sent once.
    const report = {
      paperId: paper.paperId,
      scores: { originality: 8, method: 7, relevance: 9, writing: 4 },
      recommendation: 'minor',
      toAuthors: 'Please report the response rate.',
      toEditor: 'Solid work; the sample is small.',
    };
    const tooHigh = await withCookie(claimed.cookie, '/api/amsw0801/review', {
      method: 'PUT',
      body: JSON.stringify({ ...report, scores: { ...report.scores, writing: 9 }, submit: false }),
    });
    expect(tooHigh.body).toMatchObject({ code: -10, data: { fields: ['scores.writing'] } });
    const incomplete = await withCookie(claimed.cookie, '/api/amsw0801/review', {
      method: 'PUT',
      body: JSON.stringify({ ...report, recommendation: null, toAuthors: '', submit: true }),
    });
    expect(incomplete.body).toMatchObject({ code: -10, data: { fields: ['recommendation', 'toAuthors'] } });
    const sent = await withCookie(claimed.cookie, '/api/amsw0801/review', {
      method: 'PUT',
      body: JSON.stringify({ ...report, submit: true }),
    });
    expect(sent.body!.code).toBe(0);
    const twice = await withCookie(claimed.cookie, '/api/amsw0801/review', {
      method: 'PUT',
      body: JSON.stringify({ ...report, submit: true }),
    });
    expect(twice.body!.code).toBe(-10);

    // The editor reads the reports side by side, and asks for a revision of the abstract and manuscript.
    const withReports = await editor.call<{
      assignments: { reviewerName: string; report: { toEditor: string } | null }[];
    }>(`/api/amsw0801/paper?paperId=${paper.paperId}`, { headers: { Lang: 'en-us' } });
    expect(withReports.data.assignments[0]).toMatchObject({
      reviewerName: 'Chang Hui-Wen',
      report: { toEditor: 'Solid work; the sample is small.' },
    });
    expect(
      (
        await editor.post('/api/amsw0801/decide', {
          paperId: paper.paperId,
          decision: 'revise',
          comment: 'See the reviews.',
        })
      ).code,
    ).toBe(-10);
    expect((await editor.post('/api/amsw0801/decide', { paperId: paper.paperId, decision: 'reject' })).code).toBe(-2);
    const revise = await editor.post('/api/amsw0801/decide', {
      paperId: paper.paperId,
      decision: 'revise',
      comment: 'Please answer the reviewer.',
      reopened: ['abstract', 'manuscript'],
    });
    expect(revise.code).toBe(0);

    // The author hears it in their language, with the reviewer's words to the authors and nothing else.
    const decided = await mailWithSubject('member@example.org', '您的論文需要修改', 5000, number);
    expect(decided.text).toContain('Please report the response rate.');
    expect(decided.text).toContain('Please answer the reviewer.');
    expect(decided.text).not.toContain('Solid work');
    expect(decided.text).not.toContain('張惠雯');
    expect(decided.text).not.toContain('Chang Hui-Wen');
    // The corresponding author's address is the member's here: one mail, not two.
    const revised = await member.call<Paper>(`/api/amsw0701/paper?paperId=${paper.paperId}`, {
      headers: { Lang: 'en-us' },
    });
    expect(revised.data).toMatchObject({
      status: 'revisionRequested',
      editable: ['abstract', 'manuscript'],
      canSubmit: true,
    });
    expect(revised.data.reviews).toEqual([{ round: 1, label: '1', toAuthors: 'Please report the response rate.' }]);
    expect(JSON.stringify(revised.data)).not.toContain('Chang');

    // Only what was reopened may change.
    const current = draft(paper.paperId, revised.data.manuscript!.fileId);
    const retitled = await put<{ fields: string[] }>(member, '/api/amsw0701/paper', {
      ...current,
      title: { zh: '新題目', en: 'A new title' },
    });
    expect(retitled).toMatchObject({ code: -10, data: { fields: ['title'] } });
    const changed = await put(member, '/api/amsw0701/paper', {
      ...current,
      abstract: { zh: '修改後的摘要。', en: 'The revised abstract, with the response rate.' },
    });
    expect(changed.code).toBe(0);
    const resent = await member.post<Paper>('/api/amsw0701/submit', { paperId: paper.paperId });
    expect(resent.data).toMatchObject({ status: 'resubmitted' });
    // The reviewer may still read the round they reviewed, but has nothing open to write in.
    const stale = await withCookie<{ assignment: { itemOpen: boolean } }>(
      claimed.cookie,
      `/api/amsw0801/paper?paperId=${paper.paperId}`,
    );
    expect(stale.body!.data.assignment.itemOpen).toBe(false);

    // The second round: assigned again and accepted.
    expect(
      (await editor.post('/api/amsw0801/assign', { paperId: paper.paperId, reviewerId: chang.accountId })).code,
    ).toBe(0);
    const accepted = await editor.post('/api/amsw0801/decide', { paperId: paper.paperId, decision: 'accept' });
    expect(accepted.code).toBe(0);
    await mailWithSubject('member@example.org', '您的論文已獲接受', 5000, number);
    const final = await member.call<Paper>(`/api/amsw0701/paper?paperId=${paper.paperId}`);
    expect(final.data).toMatchObject({ status: 'accepted', canWithdraw: false });
    expect((await member.post('/api/amsw0701/withdraw', { paperId: paper.paperId })).code).toBe(-10);
  });

  it('keeps people out of papers they should not judge, and stops links that are taken back', async () => {
    const member = await suite.as(...MEMBER);
    const editor = await suite.as(...EDITOR);
    // A co-author from the reviewer's hospital keeps that reviewer off the paper.
    const paper = await submittedPaper(member, {
      authors: [
        {
          nameZh: '王小明',
          nameEn: 'Wang Hsiao-Ming',
          email: 'member@example.org',
          affiliation: '臺大醫院',
          presenting: true,
          corresponding: true,
        },
        {
          nameZh: '李四',
          nameEn: 'Li Si',
          email: 'li.si@example.net',
          affiliation: '臺北榮民總醫院 教學部',
          presenting: false,
          corresponding: false,
        },
      ],
    });
    const seen = await editor.call<{ suggestions: { accountId: number; name: string; excluded: string | null }[] }>(
      `/api/amsw0801/paper?paperId=${paper.paperId}`,
      { headers: { Lang: 'en-us' } },
    );
    const chang = seen.data.suggestions.find((s) => s.name === 'Chang Hui-Wen')!;
    const liu = seen.data.suggestions.find((s) => s.name === 'Liu Chia-Hao')!;
    expect(chang.excluded).toBe('institution');
    expect(
      (await editor.post('/api/amsw0801/assign', { paperId: paper.paperId, reviewerId: chang.accountId })).code,
    ).toBe(-10);

    // Assigned, then taken back: the link says so, and the reviewer sees nothing more.
    expect(
      (await editor.post('/api/amsw0801/assign', { paperId: paper.paperId, reviewerId: liu.accountId })).code,
    ).toBe(0);
    const first = await mailedLink(suite.server.url, 'status-reviewer@example.org', '論文審查邀請', paper.number!);
    // A new link stops the one before it.
    const withIds = await editor.call<{
      assignments: { assignmentId: number; reviewerId: number; revoked: boolean }[];
    }>(`/api/amsw0801/paper?paperId=${paper.paperId}`);
    const assignment = withIds.data.assignments.find((a) => a.reviewerId === liu.accountId && !a.revoked)!;
    expect(
      (await editor.post('/api/amsw0801/resend', { paperId: paper.paperId, assignmentId: assignment.assignmentId }))
        .code,
    ).toBe(0);
    expect((await claim(first.token, 'none')).body).toMatchObject({ code: -8, data: { reason: 'linkRevoked' } });
    const other = await suite.as(...OTHER_REVIEWER);
    // Signed in, the reviewer declares before the paper is shown.
    const before = await other.call<{ abstract: unknown; files: unknown[] }>(
      `/api/amsw0801/paper?paperId=${paper.paperId}`,
    );
    expect(before.data).toMatchObject({ abstract: null, files: [] });
    expect((await other.call(`/api/amsw0801/file?paperId=${paper.paperId}&round=1`)).code).toBe(-7);
    expect((await other.post('/api/amsw0801/declare', { paperId: paper.paperId, declaration: 'none' })).code).toBe(0);
    expect(
      (await other.call<{ abstract: unknown }>(`/api/amsw0801/paper?paperId=${paper.paperId}`)).data.abstract,
    ).not.toBeNull();

    expect(
      (await other.post('/api/amsw0801/revoke', { paperId: paper.paperId, assignmentId: assignment.assignmentId }))
        .code,
    ).toBe(-11);
    expect(
      (await editor.post('/api/amsw0801/revoke', { paperId: paper.paperId, assignmentId: assignment.assignmentId }))
        .code,
    ).toBe(0);
    await mailWithSubject('status-reviewer@example.org', '論文審查邀請已取消', 5000, paper.number!);
    expect((await other.call(`/api/amsw0801/paper?paperId=${paper.paperId}`)).code).toBe(-11);
    const second = await mailedLink(suite.server.url, 'status-reviewer@example.org', '論文審查邀請', paper.number!);
    expect((await claim(second.token, 'none')).body).toMatchObject({ code: -8, data: { reason: 'linkRevoked' } });
    const page = await fetch(`${suite.server.url}/en-us/member/paperReview/emailClaim?token=${second.token}`);
    expect(await page.text()).toContain('no longer works');

    // The author withdraws: off the queue, and the editor can no longer assign.
    const withdrawn = await member.post<Paper>('/api/amsw0701/withdraw', {
      paperId: paper.paperId,
      reason: 'Sent to another meeting.',
    });
    expect(withdrawn.data.status).toBe('withdrawn');
    expect(
      (await editor.post('/api/amsw0801/assign', { paperId: paper.paperId, reviewerId: liu.accountId })).code,
    ).toBe(-10);
  });

  it('tells the editor-in-chief when a report arrives, marks it on the desk, and keeps a reported review', async () => {
    const member = await suite.as(...MEMBER);
    const paper = await submittedPaper(member);
    const number = paper.number!;
    const editor = await suite.as(...EDITOR);
    const seen = await editor.call<{ suggestions: { accountId: number; name: string }[] }>(
      `/api/amsw0801/paper?paperId=${paper.paperId}`,
      { headers: { Lang: 'en-us' } },
    );
    for (const name of ['Chang Hui-Wen', 'Liu Chia-Hao']) {
      const reviewerId = seen.data.suggestions.find((s) => s.name === name)!.accountId;
      expect((await editor.post('/api/amsw0801/assign', { paperId: paper.paperId, reviewerId })).code).toBe(0);
    }
    const deskBefore = await editor.page('/en-us/member/review');
    expect(deskBefore.html).toContain(number);
    expect(deskBefore.html).not.toContain('new report');

    // Chang (signed in) declares and sends a report.
    const reviewer = await suite.as(...REVIEWER);
    expect((await reviewer.post('/api/amsw0801/declare', { paperId: paper.paperId, declaration: 'none' })).code).toBe(
      0,
    );
    const sent = await put(reviewer, '/api/amsw0801/review', {
      paperId: paper.paperId,
      scores: { originality: 8, method: 7, relevance: 9, writing: 4 },
      recommendation: 'minor',
      toAuthors: 'Clear enough.',
      toEditor: '',
      submit: true,
    });
    expect(sent.code).toBe(0);

    // The editor-in-chief is mailed in their language, with a link to the paper on this server.
    const mail = await mailWithSubject('editor@example.org', '收到一份論文審查報告', 5000, [
      number,
      `localhost:${new URL(suite.server.url).port}/member/paperReview/${paper.paperId}`,
    ]);
    expect(mail.text).toContain('請前往閱讀並決定');
    // The desk marks the paper with its new report.
    const desk = await editor.page('/en-us/member/review');
    const row = desk.html.slice(desk.html.indexOf(number));
    expect(row.slice(0, row.indexOf('</tr>'))).toContain('1 new report');
    expect((await editor.page('/member/review')).html).toContain('1 份新審查報告');

    // The paper's page offers the actions for the reviewer still at work only.
    const withIds = await editor.call<{
      assignments: { assignmentId: number; reviewerName: string; report: { submittedAt: string | null } | null }[];
    }>(`/api/amsw0801/paper?paperId=${paper.paperId}`, { headers: { Lang: 'en-us' } });
    const reported = withIds.data.assignments.find((a) => a.reviewerName === 'Chang Hui-Wen')!;
    const working = withIds.data.assignments.find((a) => a.reviewerName === 'Liu Chia-Hao')!;
    const html = (await editor.page(`/en-us/member/paperReview/${paper.paperId}`)).html;
    expect(html).toContain(`&quot;assignmentId&quot;:[0,${working.assignmentId}]`);
    expect(html).not.toContain(`&quot;assignmentId&quot;:[0,${reported.assignmentId}]`);
    // And the server refuses to take back the review whose report was sent.
    const refused = await editor.call('/api/amsw0801/revoke', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Lang: 'en-us' },
      body: JSON.stringify({ paperId: paper.paperId, assignmentId: reported.assignmentId }),
    });
    expect(refused).toMatchObject({ code: -10, data: { reason: 'reportSent' } });
    expect(refused.message).toContain('can no longer be taken back');
    expect(
      (await editor.post('/api/amsw0801/revoke', { paperId: paper.paperId, assignmentId: working.assignmentId })).code,
    ).toBe(0);
    const after = await editor.call<{ assignments: { assignmentId: number; revoked: boolean }[] }>(
      `/api/amsw0801/paper?paperId=${paper.paperId}`,
    );
    expect(after.data.assignments.find((a) => a.assignmentId === reported.assignmentId)!.revoked).toBe(false);
  });

  it('answers bad input on every review call with its code', async () => {
    const editor = await suite.as(...EDITOR);
    expect((await editor.post('/api/amsw0801/assign', { paperId: 1 })).code).toBe(-2);
    expect((await editor.post('/api/amsw0801/assign', { paperId: 999_999, reviewerId: 1 })).code).toBe(-6);
    expect((await editor.post('/api/amsw0801/decide', { paperId: 1, decision: 'maybe' })).code).toBe(-10);
    expect((await editor.post('/api/amsw0801/revoke', { paperId: 1, assignmentId: 'x' })).code).toBe(-10);
    expect((await editor.call('/api/amsw0801/paper?paperId=0')).code).toBe(-10);
    expect((await editor.call('/api/amsw0801/file?paperId=1')).code).toBe(-2);
    const anonymous = await fetch(`${suite.server.url}/api/amsw0801/paper?paperId=1`);
    expect(((await anonymous.json()) as { code: number }).code).toBe(-9);
    const claimBad = await fetch(`${suite.server.url}/api/amsw0801/claim`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: suite.server.url },
      body: JSON.stringify({ token: 'abc', declaration: 'perhaps' }),
    });
    expect(((await claimBad.json()) as { code: number }).code).toBe(-10);
    const reviewer = await suite.as(...REVIEWER);
    expect(
      (await put(reviewer, '/api/amsw0801/expertise', { topics: ['education'], keywords: ['simulation'] })).code,
    ).toBe(0);
    const member = await suite.as(...MEMBER);
    expect((await put(member, '/api/amsw0801/expertise', { topics: [], keywords: [] })).code).toBe(-11);
  });
});

/** A PDF whose document information names its author (as word processors write it), encrypted when asked. */
function authoredPdf(options: PDFKit.PDFDocumentOptions = {}): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve) => {
    const doc = new PDFKit({ info: { Author: 'Wang Hsiao-Ming', Creator: 'NTUH template' }, ...options });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.text('Outcomes of outpatient education');
    doc.end();
  });
}

describe('a manuscript', () => {
  it('is stored without the author its PDF names, and the reviewers read it so', async () => {
    const member = await suite.as(...MEMBER);
    const original = await authoredPdf();
    expect(Buffer.from(original).toString('latin1')).toContain('Wang Hsiao-Ming');
    const uploaded = await uploadManuscript(member, original, 'Wang-final.pdf');
    expect(uploaded.data).toMatchObject({ contentType: 'application/pdf', metadataStripped: true });
    const paper = await submittedPaper(member, { manuscriptFileId: uploaded.data.fileId });
    const editor = await suite.as(...EDITOR);
    const served = await fetch(`${suite.server.url}/api/amsw0801/file?paperId=${paper.paperId}&round=1`, {
      headers: editor.auth,
    });
    expect(served.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.toString('latin1')).not.toContain('Wang Hsiao-Ming');
    expect(bytes.toString('latin1')).not.toContain('NTUH template');
    expect(pdfText(bytes)).toContain('Outcomes of outpatient education');
  });

  it('that could not be cleaned is kept, and its author is told', async () => {
    const member = await suite.as(...MEMBER);
    const locked = await authoredPdf({ userPassword: 'secret', ownerPassword: 'owner', pdfVersion: '1.7' });
    const uploaded = await uploadManuscript(member, locked);
    expect(uploaded.data).toMatchObject({ metadataStripped: false });
    const paper = await submittedPaper(member, { manuscriptFileId: uploaded.data.fileId });
    const read = await member.call<Paper & { manuscript: { metadataStripped: boolean | null } }>(
      `/api/amsw0701/paper?paperId=${paper.paperId}`,
    );
    expect(read.data.manuscript?.metadataStripped).toBe(false);
  });

  it('is a PDF of the author’s own, within the size', async () => {
    const member = await suite.as(...MEMBER);
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2,
      0, 0, 0,
    ]);
    const refused = await uploadManuscript(member, png, 'scan.pdf');
    expect(refused.code).toBe(-21);
    expect(refused.message).toContain('PDF');
    const organ = await suite.as('organ@example.org', 'Organ2026demo', 'organ');
    expect((await uploadManuscript(organ)).code).toBe(-11);
    const tooLarge = new Uint8Array(20 * 1024 * 1024 + 1);
    tooLarge.set(PDF);
    expect((await uploadManuscript(member, tooLarge)).code).toBe(-996);
  });
});
